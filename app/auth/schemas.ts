/**
 * Form schemas of the sign-in pages; the same schema runs in the browser (Conform), on the server
 * and behind the JSON API. Their messages are codes of the admin catalogue (auth.messages), shown
 * in the admin language by the pages and in Turkish by the API.
 */
import { z } from "zod";
import { safeRedirect } from "~/utils/safe-redirect";
import { accountEmail } from "./email";
import { AUTH } from "./messages";

export const PASSWORD_MIN = 6;

export const emailField = accountEmail(AUTH.invalidEmail);
export const passwordField = z.string({ message: AUTH.passwordTooShort }).min(PASSWORD_MIN, AUTH.passwordTooShort).max(200);

export const loginSchema = z.object({
  email: emailField,
  password: passwordField,
  remember: z.preprocess((v) => v === "on" || v === true || v === "true", z.boolean()).default(false),
  redirectTo: z.string().optional(),
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const newPasswordSchema = z
  .object({ password: passwordField, confirmPassword: z.string({ message: AUTH.passwordsDiffer }) })
  .refine((v) => v.password === v.confirmPassword, { message: AUTH.passwordsDiffer, path: ["confirmPassword"] });

/** The sign-in's second step: 6 digits from the app, or a recovery code (xxxxx-xxxxx). */
export const secondFactorSchema = z.object({
  code: z
    .string({ message: AUTH.secondFactorFormat })
    .trim()
    .transform((v) => v.replace(/\s+/g, "").toLowerCase())
    .pipe(z.string().regex(/^(\d{6}|[a-z2-7]{5}-?[a-z2-7]{5})$/, AUTH.secondFactorFormat)),
});

export const totpCodeSchema = z.object({
  code: z.string({ message: AUTH.totpFormat }).trim().transform((v) => v.replace(/\s+/g, "")).pipe(z.string().regex(/^\d{6}$/, AUTH.totpFormat)),
});

/** The sign-in forms' schemas by form, for the pages that take them together. */
export const authSchemas = {
  login: loginSchema,
  forgotPassword: forgotPasswordSchema,
  newPassword: newPasswordSchema,
  secondFactor: secondFactorSchema,
  totpCode: totpCodeSchema,
};

export type AuthSchemas = typeof authSchemas;

/** Only same-site back-office paths are followed after sign-in (no open redirect). */
export function safeAdminRedirect(target: unknown, fallback = "/admin/dashboard"): string {
  // Resolved first (app/utils/safe-redirect.ts), so `/admin/..//evil.example` cannot slip through.
  const path = safeRedirect(target, "");
  if (!/^\/admin(?:[/?#]|$)/.test(path)) return fallback;
  if (/^\/admin\/(login|logout|two-factor|forgot-password|reset-password)/.test(path)) return fallback;
  return path;
}
