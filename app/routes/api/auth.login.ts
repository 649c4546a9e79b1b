import type { Route } from "./+types/auth.login";
import { jsonBodyError, readJsonBody } from "~/server/http/json.server";
import { signIn, signInRequest } from "~/auth/login.server";
import { AUTH } from "~/auth/messages";
import { secondFactorSchema } from "~/auth/schemas";
import { createSession } from "~/auth/session.server";
import { checkSecondFactor, isTotpEnabled } from "~/auth/two-factor.server";
import { problem } from "~/i18n/problem";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { getSettings } from "~/settings/settings.server";

const CODES = { 400: "validation_failed", 401: "unauthorized", 403: "forbidden", 429: "rate_limited" } as const;

/**
 * POST /api/auth/login {email, password, remember?, code?} → {token, expiresAt, user}: a bearer
 * token for API clients, backed by the same server-side sessions as the cookie. The body goes
 * through the login page's form strategy (app/auth/login.server.ts). With two-factor on, `code`
 * (6 digits from the enrolled app, or one of the account's recovery codes) is required.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { db, clientIp, log } = getApp(context);
  const read = await readJsonBody(request);
  if (!read.ok) return jsonBodyError(read.problem);
  const body = read.body;
  const result = await signIn(db.kysely, signInRequest(request, body), clientIp, log);
  if (!result.ok) {
    const { error, fields } = result;
    return apiProblem(error.status, CODES[error.status], error.problem, fields, error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined);
  }
  const { user, remember } = result;
  const { security } = await getSettings(db.kysely);
  if (security.twoFactorAuth) {
    if (!(await isTotpEnabled(db.kysely, user.id))) return apiProblem(403, "forbidden", problem(AUTH.secondFactorNotSetUp));
    const code = secondFactorSchema.safeParse({ code: body.code });
    if (!code.success) {
      return apiProblem(401, "unauthorized", problem(AUTH.secondFactorRequired), { code: [problem(AUTH.secondFactorFormat)] });
    }
    const error = await checkSecondFactor(db.kysely, user.id, code.data.code);
    if (error) return apiProblem(401, "unauthorized", error);
  }
  const session = await createSession(db.kysely, user.id, { remember, verified: true, ip: clientIp, userAgent: request.headers.get("user-agent") });
  return apiOk({
    token: session.token,
    expiresAt: session.expiresAt,
    user: { id: user.id, email: user.email, name: user.name, role: user.role },
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
