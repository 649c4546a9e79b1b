/** Form schemas of the sign-in pages; the same schema runs in the browser (Conform) and on the server. */
import { z } from "zod";
import { AUTH_TEXT } from "./messages";

export const PASSWORD_MIN = 6;

const email = z.string({ message: AUTH_TEXT.invalidEmail }).trim().max(254, AUTH_TEXT.invalidEmail).pipe(z.email(AUTH_TEXT.invalidEmail));
const password = z.string({ message: AUTH_TEXT.passwordTooShort }).min(PASSWORD_MIN, AUTH_TEXT.passwordTooShort).max(200);

export const loginSchema = z.object({
  email,
  password,
  remember: z.preprocess((v) => v === "on" || v === true || v === "true", z.boolean()).default(false),
  redirectTo: z.string().optional(),
});

export const forgotPasswordSchema = z.object({ email });

export const newPasswordSchema = z
  .object({ password, confirmPassword: z.string({ message: AUTH_TEXT.passwordsDiffer }) })
  .refine((v) => v.password === v.confirmPassword, { message: AUTH_TEXT.passwordsDiffer, path: ["confirmPassword"] });

export const totpCodeSchema = z.object({
  code: z.string({ message: AUTH_TEXT.totpFormat }).trim().transform((v) => v.replace(/\s+/g, "")).pipe(z.string().regex(/^\d{6}$/, AUTH_TEXT.totpFormat)),
});

/** Only same-site back-office paths are followed after sign-in (no open redirect). */
export function safeAdminRedirect(target: unknown, fallback = "/admin/dashboard"): string {
  if (typeof target !== "string") return fallback;
  if (!/^\/admin(?:[/?#]|$)/.test(target) || target.includes("\\")) return fallback;
  if (/^\/admin\/(login|logout|two-factor|forgot-password|reset-password)/.test(target)) return fallback;
  return target;
}
