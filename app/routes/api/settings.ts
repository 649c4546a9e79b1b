import type { Route } from "./+types/settings";
import { jsonBodyError, readJsonBody } from "~/server/http/json.server";
import { requireApi } from "~/auth/session.server";
import { REQUEST } from "~/admin/codes";
import { addProblem, isProblemCode, problem, type FieldProblems, type ProblemCode } from "~/i18n/problem";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { sessionAudit } from "~/audit/context.server";
import { getApp } from "~/server/context";
import { settingsSchema } from "~/settings/settings";
import { getSettings, saveSettings } from "~/settings/settings.server";

/** Sections added after the spec's four: left out of a PUT, the stored ones stay. */
const LATER_SECTIONS = ["booking", "pricing", "currency", "payments", "flights"] as const;

/** GET /api/settings → the settings object of spec §3 (stored values over the defaults). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireApi(request, context, "settings");
  return apiOk(await getSettings(getApp(context).db.kysely));
}

/** PUT /api/settings with the full settings object (`booking`, `pricing`, `currency`, `payments` and `flights` may be left out: the stored sections stay); 400 with the field codes (and their Turkish messages) when invalid. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const session = await requireApi(request, context, "settings");
  const { db } = getApp(context);
  const read = await readJsonBody(request);
  if (!read.ok) return jsonBodyError(read.problem);
  // The spec's object has four sections; a client that knows nothing of the later ones (`booking`, `pricing`, `currency`, `payments`, `flights`) keeps the stored ones.
  const body = read.body;
  const stored = await getSettings(db.kysely);
  const complete =
    typeof body === "object" && body !== null && !Array.isArray(body)
      ? { ...Object.fromEntries(LATER_SECTIONS.map((key) => [key, stored[key]])), ...body }
      : body;
  // The guest-message switches (issue 16) came later too: a `notifications` without them keeps the stored ones.
  if (complete && typeof complete === "object" && !Array.isArray(complete)) {
    const sent = (complete as Record<string, unknown>).notifications;
    if (sent && typeof sent === "object" && !Array.isArray(sent)) (complete as Record<string, unknown>).notifications = { ...stored.notifications, ...sent };
  }
  const parsed = settingsSchema.safeParse(complete);
  if (!parsed.success) {
    const fields: FieldProblems = {};
    for (const issue of parsed.error.issues) {
      // The schema's messages are codes; zod's own (a missing section) reads as an invalid value.
      const code: ProblemCode = isProblemCode(issue.message) ? issue.message : REQUEST.invalidValue;
      addProblem(fields, issue.path.map(String).join(".") || "body", problem(code));
    }
    return apiProblem(400, "validation_failed", problem("admin:settings.saveError"), fields);
  }
  await saveSettings(db.kysely, parsed.data, session.user.id, sessionAudit(context, session));
  return apiOk(await getSettings(db.kysely));
}
