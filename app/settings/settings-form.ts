/**
 * The settings screen's form: the settings object (same section schemas as PUT /api/settings)
 * plus the profile tab (name, e-mail, phone and an optional password change). Checkboxes that are
 * not ticked are simply absent from a form post, hence the boolean defaults.
 */
import { z } from "zod";
import { adminCodes } from "~/admin/codes";
import { AUTH } from "~/auth/messages";
import { emailField, passwordField } from "~/auth/schemas";
import { SETTINGS, settingsSchemas, withoutEmpty } from "./settings";

export const SETTINGS_TABS = ["general", "appearance", "notifications", "security", "booking", "payments", "flights", "profile"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The profile tab's own codes; its e-mail and password rules (and codes) are the sign-in pages'. */
export const PROFILE = adminCodes("settings.messages", ["nameRequired", "emailTaken"]);

/** Every code of the settings form but the sign-in ones (the admin catalogue's settings.messages). */
export const SETTINGS_FORM = { ...SETTINGS, ...PROFILE };

const unticked = z.boolean().default(false);

/** The form's schema, the same in the browser and in the action; its messages are codes. */
function createSettingsFormSchema() {
  const sections = settingsSchemas();
  const profile = z
    .object({
      name: z.string({ message: PROFILE.nameRequired }).trim().min(1, PROFILE.nameRequired).max(100, sections.tooLong(100)),
      email: emailField,
      // Conform turns an empty field into undefined, so "optional" means "left empty".
      phone: sections.phone.optional(),
      currentPassword: z.string().max(200).optional(),
      newPassword: passwordField.optional(),
      confirmPassword: z.string().max(200).optional(),
    })
    .superRefine((v, ctx) => {
      if (!v.newPassword) return;
      if (!v.currentPassword) ctx.addIssue({ code: "custom", path: ["currentPassword"], message: AUTH.currentPasswordRequired });
      if (v.confirmPassword !== v.newPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: AUTH.passwordsDiffer });
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
      bookingChangeNotification: unticked,
      whatsappNotifications: unticked,
      confirmationMessage: unticked,
      changeMessage: unticked,
      cancellationMessage: unticked,
      reminderMessage: unticked,
      driverAssignedMessage: unticked,
      driverOnWayMessage: unticked,
      driverArrivedMessage: unticked,
    }),
    security: sections.security.extend({ twoFactorAuth: unticked }),
    booking: sections.booking.extend({ autoConfirm: unticked }),
    payments: sections.paymentsObject
      .extend({
        arrivalCash: unticked,
        arrivalCard: unticked,
        // no mode ticked sends nothing: the rule's message, not "required"
        payModes: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), sections.paymentsObject.shape.payModes),
        channelRules: z.preprocess(withoutEmpty, sections.paymentsObject.shape.channelRules),
        categoryRules: z.preprocess(withoutEmpty, sections.paymentsObject.shape.categoryRules),
      })
      .refine(...sections.arrivalMethod),
    flights: sections.flights.extend({ movePickup: unticked }),
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
