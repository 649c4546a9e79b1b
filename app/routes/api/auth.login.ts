import type { Route } from "./+types/auth.login";
import { readJsonObject } from "~/booking/admin-api.server";
import { LoginError, verifyAdminLogin } from "~/auth/login.server";
import { AUTH_TEXT } from "~/auth/messages";
import { loginSchema, secondFactorSchema } from "~/auth/schemas";
import { createSession } from "~/auth/session.server";
import { checkSecondFactor, isTotpEnabled } from "~/auth/two-factor.server";
import { apiError, apiOk, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { getSettings } from "~/settings/settings.server";

const CODES = { 400: "validation_failed", 401: "unauthorized", 403: "forbidden", 429: "rate_limited" } as const;

/**
 * POST /api/auth/login {email, password, remember?, code?} → {token, expiresAt, user}: a bearer
 * token for API clients, backed by the same server-side sessions as the cookie. With two-factor
 * on, `code` (6 digits from the enrolled app, or one of the account's recovery codes) is required.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { db, clientIp, log } = getApp(context);
  const body = await readJsonObject(request);
  if (!body) return apiError(400, { code: "bad_request", message: "Gövde bir JSON nesnesi olmalıdır." });
  const parsed = loginSchema.safeParse(body);
  if (!parsed.success) {
    return apiError(400, { code: "validation_failed", message: AUTH_TEXT.loginFailed, fields: fieldErrors(parsed.error.issues) });
  }
  try {
    const user = await verifyAdminLogin(db.kysely, { email: parsed.data.email, password: parsed.data.password, clientIp, log });
    const { security } = await getSettings(db.kysely);
    if (security.twoFactorAuth) {
      if (!(await isTotpEnabled(db.kysely, user.id))) {
        return apiError(403, { code: "forbidden", message: "İki faktörlü doğrulama için önce yönetim panelinden doğrulama uygulamasını kurun." });
      }
      const code = secondFactorSchema.safeParse({ code: body.code });
      if (!code.success) return apiError(401, { code: "unauthorized", message: "İki faktörlü doğrulama kodu gerekli.", fields: { code: [AUTH_TEXT.secondFactorFormat] } });
      const error = await checkSecondFactor(db.kysely, user.id, code.data.code);
      if (error) return apiError(401, { code: "unauthorized", message: error });
    }
    const session = await createSession(db.kysely, user.id, {
      remember: parsed.data.remember,
      verified: true,
      ip: clientIp,
      userAgent: request.headers.get("user-agent"),
    });
    return apiOk({
      token: session.token,
      expiresAt: session.expiresAt,
      user: { id: user.id, email: user.email, name: user.name, role: user.role },
    });
  } catch (error) {
    if (error instanceof LoginError) {
      return apiError(
        error.status,
        { code: CODES[error.status], message: error.message },
        error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined,
      );
    }
    throw error;
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}

function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "body";
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}
