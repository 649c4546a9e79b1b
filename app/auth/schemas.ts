/**
 * Form schemas of the sign-in pages; the same schema runs in the browser (Conform) and on the
 * server. Their messages come from `text`: the spec's Turkish by default (the JSON API), the
 * admin language's catalogue on the pages.
 */
import { z } from "zod";
import { safeRedirect } from "~/utils/safe-redirect";
import { accountEmail } from "./email";
import { AUTH_TEXT, type AuthText } from "./messages";

export const PASSWORD_MIN = 6;

export function authSchemas(text: AuthText = AUTH_TEXT) {
  const email = accountEmail(text.invalidEmail);
  const password = z.string({ message: text.passwordTooShort }).min(PASSWORD_MIN, text.passwordTooShort).max(200);
  return {
    login: z.object({
      email,
      password,
      remember: z.preprocess((v) => v === "on" || v === true || v === "true", z.boolean()).default(false),
      redirectTo: z.string().optional(),
    }),
    forgotPassword: z.object({ email }),
    newPassword: z
      .object({ password, confirmPassword: z.string({ message: text.passwordsDiffer }) })
      .refine((v) => v.password === v.confirmPassword, { message: text.passwordsDiffer, path: ["confirmPassword"] }),
    /** The sign-in's second step: 6 digits from the app, or a recovery code (xxxxx-xxxxx). */
    secondFactor: z.object({
      code: z
        .string({ message: text.secondFactorFormat })
        .trim()
        .transform((v) => v.replace(/\s+/g, "").toLowerCase())
        .pipe(z.string().regex(/^(\d{6}|[a-z2-7]{5}-?[a-z2-7]{5})$/, text.secondFactorFormat)),
    }),
    totpCode: z.object({
      code: z.string({ message: text.totpFormat }).trim().transform((v) => v.replace(/\s+/g, "")).pipe(z.string().regex(/^\d{6}$/, text.totpFormat)),
    }),
  };
}

export type AuthSchemas = ReturnType<typeof authSchemas>;

export const {
  login: loginSchema,
  forgotPassword: forgotPasswordSchema,
  newPassword: newPasswordSchema,
  totpCode: totpCodeSchema,
  secondFactor: secondFactorSchema,
} = authSchemas();

/** Only same-site back-office paths are followed after sign-in (no open redirect). */
export function safeAdminRedirect(target: unknown, fallback = "/admin/dashboard"): string {
  // Resolved first (app/utils/safe-redirect.ts), so `/admin/..//evil.example` cannot slip through.
  const path = safeRedirect(target, "");
  if (!/^\/admin(?:[/?#]|$)/.test(path)) return fallback;
  if (/^\/admin\/(login|logout|two-factor|forgot-password|reset-password)/.test(path)) return fallback;
  return path;
}
