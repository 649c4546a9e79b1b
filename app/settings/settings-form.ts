/**
 * The settings screen's form: the settings object (same section schemas as PUT /api/settings)
 * plus the profile tab (name, e-mail, phone and an optional password change). Checkboxes that are
 * not ticked are simply absent from a form post, hence the boolean defaults.
 */
import { z } from "zod";
import { AUTH_TEXT, type AuthText } from "~/auth/messages";
import { authSchemas } from "~/auth/schemas";
import { SETTINGS_TEXT, settingsSchemas } from "./settings";

export const SETTINGS_TABS = ["general", "appearance", "notifications", "security", "profile"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The profile tab's own texts; its e-mail and password rules (and texts) are the sign-in pages'. */
export const PROFILE_TEXT = {
  nameRequired: "Ad soyad zorunludur.",
  emailTaken: "Bu e-posta adresi başka bir hesapta kullanılıyor.",
} as const;

/** Every text of the settings form but the sign-in ones: the admin catalogue's settings.messages. */
export const SETTINGS_FORM_TEXT = { ...SETTINGS_TEXT, ...PROFILE_TEXT };
export type SettingsFormText = Record<keyof typeof SETTINGS_FORM_TEXT, string>;

const unticked = z.boolean().default(false);

/**
 * The form's schema with its messages from `text` and `auth` (the spec's Turkish by default; the
 * admin language's catalogue on the page, in the browser and in the action alike).
 */
export function createSettingsFormSchema(text: SettingsFormText = SETTINGS_FORM_TEXT, auth: AuthText = AUTH_TEXT) {
  const sections = settingsSchemas(text);
  const signIn = authSchemas(auth).login.shape;
  const profile = z
    .object({
      name: z.string({ message: text.nameRequired }).trim().min(1, text.nameRequired).max(100, sections.tooLong(100)),
      email: signIn.email,
      // Conform turns an empty field into undefined, so "optional" means "left empty".
      phone: sections.phone.optional(),
      currentPassword: z.string().max(200).optional(),
      newPassword: signIn.password.optional(),
      confirmPassword: z.string().max(200).optional(),
    })
    .superRefine((v, ctx) => {
      if (!v.newPassword) return;
      if (!v.currentPassword) ctx.addIssue({ code: "custom", path: ["currentPassword"], message: auth.currentPasswordRequired });
      if (v.confirmPassword !== v.newPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: auth.passwordsDiffer });
    });
  return z.object({
    // the description may be left empty (the form sends undefined for it)
    general: sections.general.extend({ siteDescription: sections.general.shape.siteDescription.default("") }),
    appearance: sections.appearance.extend({ darkMode: unticked }),
    notifications: sections.notifications.extend({
      emailNotifications: unticked,
      smsNotifications: unticked,
      newBookingNotification: unticked,
      bookingStatusChangeNotification: unticked,
    }),
    security: sections.security.extend({ twoFactorAuth: unticked }),
    profile,
    tab: z.enum(SETTINGS_TABS).default("general"),
  });
}

export const settingsFormSchema = createSettingsFormSchema();

export type SettingsForm = z.infer<typeof settingsFormSchema>;

/** The first tab holding an error, so the page opens where the admin has something to fix. */
export function firstTabWithError(errorPaths: string[]): SettingsTab | undefined {
  return SETTINGS_TABS.find((tab) => errorPaths.some((p) => p === tab || p.startsWith(`${tab}.`)));
}
