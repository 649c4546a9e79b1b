/**
 * The settings object of spec §3 with its defaults and bounds (spec §9). `general` carries three
 * additions the public site needs (address, WhatsApp and a second immediate-call number).
 * One schema validates the admin form, `PUT /api/settings` and what is read back from storage.
 */
import { z } from "zod";

export const ADMIN_LANGUAGES = ["tr", "en", "de", "ru"] as const;

const phone = z
  .string()
  .trim()
  .max(40)
  .regex(/^\+?[0-9 ()-]{6,}$/, "Geçerli bir telefon numarası giriniz");

export const generalSchema = z.object({
  siteName: z.string().trim().min(1, "Site adı zorunludur.").max(80),
  siteDescription: z.string().trim().max(300),
  contactEmail: z.email("Geçerli bir e-posta adresi giriniz"),
  contactPhone: phone,
  secondaryPhone: phone,
  whatsappNumber: phone,
  address: z.string().trim().min(1).max(300),
});

export const appearanceSchema = z.object({
  darkMode: z.boolean(),
  primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, "Renk #rrggbb biçiminde olmalıdır."),
  language: z.enum(ADMIN_LANGUAGES),
});

export const notificationsSchema = z.object({
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  newBookingNotification: z.boolean(),
  bookingStatusChangeNotification: z.boolean(),
});

export const securitySchema = z.object({
  twoFactorAuth: z.boolean(),
  sessionTimeout: z
    .number({ message: "Oturum zaman aşımı 5 ile 120 dakika arasında olmalıdır." })
    .int("Oturum zaman aşımı 5 ile 120 dakika arasında olmalıdır.")
    .min(5, "Oturum zaman aşımı 5 ile 120 dakika arasında olmalıdır.")
    .max(120, "Oturum zaman aşımı 5 ile 120 dakika arasında olmalıdır."),
});

export const settingsSchema = z.object({
  general: generalSchema,
  appearance: appearanceSchema,
  notifications: notificationsSchema,
  security: securitySchema,
});

export type Settings = z.infer<typeof settingsSchema>;
export type SettingsSection = keyof Settings;
export const SETTINGS_SECTIONS = ["general", "appearance", "notifications", "security"] as const satisfies readonly SettingsSection[];

export const DEFAULT_SETTINGS: Settings = {
  general: {
    siteName: "Lykia VIP Transfer",
    siteDescription:
      "Premium chauffeur and VIP transfers from Antalya Airport to Belek, Side, Kemer, Alanya and the whole Turkish Riviera.",
    contactEmail: "info@lykiavip.com.tr",
    contactPhone: "+90 242 330 00 00",
    secondaryPhone: "+90 532 330 00 00",
    whatsappNumber: "+90 532 330 00 00",
    address: "Antalya Havalimanı Dış Hatlar Terminali 2, Muratpaşa, 07230 Antalya, Türkiye",
  },
  appearance: { darkMode: true, primaryColor: "#f59e0b", language: "tr" },
  notifications: {
    emailNotifications: true,
    smsNotifications: false,
    newBookingNotification: true,
    bookingStatusChangeNotification: true,
  },
  security: { twoFactorAuth: false, sessionTimeout: 30 },
};

/**
 * Reads one stored section, keeping stored values that are still valid and taking the default for
 * anything missing or out of bounds, so a bad row never breaks the site.
 */
export function readSection<K extends SettingsSection>(key: K, stored: unknown): Settings[K] {
  const defaults = DEFAULT_SETTINGS[key];
  if (typeof stored !== "object" || stored === null) return defaults;
  const merged: Record<string, unknown> = { ...defaults };
  const shape = settingsSchema.shape[key].shape as Record<string, z.ZodType>;
  for (const [field, fieldSchema] of Object.entries(shape)) {
    const value = (stored as Record<string, unknown>)[field];
    if (value !== undefined && fieldSchema.safeParse(value).success) merged[field] = value;
  }
  return merged as Settings[K];
}
