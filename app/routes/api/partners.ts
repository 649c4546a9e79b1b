import type { Route } from "./+types/partners";
import { REQUEST } from "~/admin/codes";
import { requireApi } from "~/auth/session.server";
import { problem } from "~/i18n/problem";
import { isPartnerKind, PARTNERS } from "~/partners/partners";
import { apiFieldProblems, partnerInputFromJson, partnerJson, rememberPartnerCreate, replayedPartnerCreate } from "~/partners/partners-api.server";
import { createPartner, listPartners } from "~/partners/partners.server";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { jsonBodyError, readJsonBody } from "~/server/http/json.server";
import { requestHash } from "~/server/idempotency";

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
  const key = request.headers.get("Idempotency-Key");
  if (key !== null && !/^[\x21-\x7e]{1,100}$/.test(key)) return apiProblem(400, "bad_request", problem(REQUEST.idempotencyKeyFormat));
  const read = await readJsonBody(request);
  if (!read.ok) return jsonBodyError(read.problem);
  const hash = requestHash(read.body);
  if (key) {
    const earlier = await replayedPartnerCreate(db.kysely, key, hash);
    if (earlier === "mismatch") return apiProblem(422, "idempotency_mismatch", problem(PARTNERS.idempotencyMismatch));
    if (earlier) return apiOk(partnerJson(earlier), { status: 201, headers: { "Idempotent-Replayed": "true" } });
  }
  const parsed = partnerInputFromJson(read.body);
  if (!parsed.ok) return apiProblem(400, "validation_failed", problem(PARTNERS.saveFailed), parsed.fields);
  const result = await createPartner(db.kysely, parsed.input, { id: session.user.id, label: session.user.name || session.user.email });
  if (!result.ok) return apiProblem(400, "validation_failed", problem(PARTNERS.saveFailed), result.reason === "invalid" ? apiFieldProblems(result.fields) : {});
  if (key) await rememberPartnerCreate(db.kysely, key, hash, result.partner);
  return apiOk(partnerJson(result.partner), { status: 201 });
}
