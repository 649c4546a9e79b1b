/**
 * The settings screen's form: the settings object (same section schemas as PUT /api/settings)
 * plus the profile tab (name, e-mail, phone and an optional password change). Checkboxes that are
 * not ticked are simply absent from a form post, hence the boolean defaults.
 */
import { z } from "zod";
import { appearanceSchema, generalSchema, notificationsSchema, securitySchema } from "./settings";

export const SETTINGS_TABS = ["general", "appearance", "notifications", "security", "profile"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export const PROFILE_TEXT = {
  nameRequired: "Ad soyad zorunludur.",
  invalidEmail: "Geçerli bir e-posta adresi giriniz",
  invalidPhone: "Geçerli bir telefon numarası giriniz",
  passwordTooShort: "Şifre en az 6 karakter olmalıdır",
  passwordsDiffer: "Şifreler eşleşmiyor.",
  currentRequired: "Mevcut şifrenizi giriniz.",
  currentWrong: "Mevcut şifre yanlış.",
  emailTaken: "Bu e-posta adresi başka bir hesapta kullanılıyor.",
} as const;

export const profileSchema = z
  .object({
    name: z.string({ message: PROFILE_TEXT.nameRequired }).trim().min(1, PROFILE_TEXT.nameRequired).max(100),
    email: z.string({ message: PROFILE_TEXT.invalidEmail }).trim().max(254).pipe(z.email(PROFILE_TEXT.invalidEmail)),
    // Conform turns an empty field into undefined, so "optional" means "left empty".
    phone: z.string().trim().max(40).regex(/^\+?[0-9 ()-]{6,}$/, PROFILE_TEXT.invalidPhone).optional(),
    currentPassword: z.string().max(200).optional(),
    newPassword: z.string().min(6, PROFILE_TEXT.passwordTooShort).max(200).optional(),
    confirmPassword: z.string().max(200).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.newPassword) return;
    if (!v.currentPassword) ctx.addIssue({ code: "custom", path: ["currentPassword"], message: PROFILE_TEXT.currentRequired });
    if (v.confirmPassword !== v.newPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: PROFILE_TEXT.passwordsDiffer });
  });

const unticked = z.boolean().default(false);

export const settingsFormSchema = z.object({
  general: generalSchema,
  appearance: appearanceSchema.extend({ darkMode: unticked }),
  notifications: notificationsSchema.extend({
    emailNotifications: unticked,
    smsNotifications: unticked,
    newBookingNotification: unticked,
    bookingStatusChangeNotification: unticked,
  }),
  security: securitySchema.extend({ twoFactorAuth: unticked }),
  profile: profileSchema,
  tab: z.enum(SETTINGS_TABS).default("general"),
});

export type SettingsForm = z.infer<typeof settingsFormSchema>;

/** The first tab holding an error, so the page opens where the admin has something to fix. */
export function firstTabWithError(errorPaths: string[]): SettingsTab | undefined {
  return SETTINGS_TABS.find((tab) => errorPaths.some((p) => p === tab || p.startsWith(`${tab}.`)));
}
