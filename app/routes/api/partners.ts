import type { Route } from "./+types/partners";
import { requireApi } from "~/auth/session.server";
import { problem } from "~/i18n/problem";
import { isPartnerKind, PARTNERS } from "~/partners/partners";
import { apiFieldProblems, partnerInputFromJson, partnerJson, rememberPartnerCreate, replayedPartnerCreate } from "~/partners/partners-api.server";
import { createPartner, listPartners } from "~/partners/partners.server";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { readCreateRequest } from "~/server/http/create-request.server";

/** GET /api/partners — the partners by name (partners.read); `?active=true` only the active ones, `?kind=`, `?q=` name, code, contact or phone. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireApi(request, context, "partners.read");
  const { db } = getApp(context);
  const params = new URL(request.url).searchParams;
  const active = params.get("active");
  const kind = params.get("kind");
  const partners = await listPartners(db.kysely, {
    active: active === "true" || active === "1",
    kind: isPartnerKind(kind) ? kind : undefined,
    q: params.get("q")?.trim().slice(0, 100) || undefined,
  });
  return apiOk(partners.map(partnerJson));
}

/** POST /api/partners — creates a partner (partners.write), audited; a repeated `Idempotency-Key` answers with the partner made the first time. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const session = await requireApi(request, context, "partners.write");
  const { db } = getApp(context);
  const start = await readCreateRequest(request, { find: (key, hash) => replayedPartnerCreate(db.kysely, key, hash), mismatch: problem(PARTNERS.idempotencyMismatch), json: partnerJson });
  if ("done" in start) return start.done;
  const { key, hash } = start;
  const parsed = partnerInputFromJson(start.body);
  if (!parsed.ok) return apiProblem(400, "validation_failed", problem(PARTNERS.saveFailed), parsed.fields);
  const result = await createPartner(db.kysely, parsed.input, { id: session.user.id, label: session.user.name || session.user.email });
  if (!result.ok) return apiProblem(400, "validation_failed", problem(PARTNERS.saveFailed), result.reason === "invalid" ? apiFieldProblems(result.fields) : {});
  if (key) await rememberPartnerCreate(db.kysely, key, hash, result.partner);
  return apiOk(partnerJson(result.partner), { status: 201 });
}
