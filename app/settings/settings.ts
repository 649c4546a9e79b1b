/**
 * The settings object of spec §3 with its defaults and bounds (spec §9). `general` carries three
 * additions the public site needs (address, WhatsApp and a second immediate-call number).
 * One schema validates the admin form, `PUT /api/settings` and what is read back from storage.
 */
import { z } from "zod";
import { adminCodes } from "~/admin/codes";
import { CURRENCIES } from "~/pricing/currency";
import { BOOKING_CHANNELS, PAY_MODES } from "~/server/db/schema";

/** A channel's or a car category's own payment rule (issue 30): on arrival only, or online required. */
export const PAY_RULES = ["arrival", "online"] as const;
export type PayRule = (typeof PAY_RULES)[number];

/** An object without its empty entries (the settings form's "as the general setting" choice sends nothing). */
export const withoutEmpty = (value: unknown) =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== "")) : value === undefined ? {} : value;

export const ADMIN_LANGUAGES = ["tr", "en", "de", "ru"] as const;

/**
 * What settings validation can say: codes of the admin catalogue's settings.messages, shown in
 * the admin language by the settings screen and in Turkish by the API.
 */
export const SETTINGS = adminCodes("settings.messages", [
  "siteNameRequired",
  "addressRequired",
  "invalidEmail",
  "invalidPhone",
  "colorFormat",
  "language",
  "sessionTimeout",
  "tooLong40",
  "tooLong80",
  "tooLong100",
  "tooLong300",
  "tooLong600",
  "leadTime",
  "bufferMinutes",
  "termsRequired",
  "nightTime",
  "percent",
  "money",
  "hours",
  "hourRange",
  "kmPerHour",
  "waitingMinutes",
  "rate",
  "ratesDate",
  "arrivalMethod",
  "driverCurrencies",
  "taxNumber",
  "payModes",
  "depositPercent",
  "depositFixed",
  "holdMinutes",
  "payRule",
  "flightThreshold",
]);

/** The guest's online cut-offs (issue 16): the message of a value out of 0–168 whole hours. */
export const CUTOFF_HOURS = "admin:guestChanges.settings.cutoffHoursInvalid";
export const MAX_CUTOFF_HOURS = 168;
export const RETENTION_YEARS = "admin:settings.guestRetentionInvalid";
export const ACCEPT_ALERT = "admin:settings.acceptAlertInvalid";
export const POSITION_RETENTION = "admin:settings.positionRetentionInvalid";
export const AUTO_CONFIRM_PASSENGERS = "admin:settings.autoConfirmPassengersInvalid";
export const DRIVER_REST = "admin:settings.driverRestInvalid";
/** issue 34: the longest minimum rest between a driver's legs the office may set (a day) */
export const MAX_DRIVER_REST_MINUTES = 1440;

/** "At most {max} characters" for the lengths the settings use (a code per length: messages carry no values). */
export const tooLong = (max: 40 | 80 | 100 | 300 | 600) => SETTINGS[`tooLong${max}`];

/** The section schemas. */
export function settingsSchemas() {
  const text = SETTINGS;
  // A message for the missing value too: the form sends an emptied field as undefined.
  const phone = z.string({ message: text.invalidPhone }).trim().max(40, tooLong(40)).regex(/^\+?[0-9 ()-]{6,}$/, text.invalidPhone);
  const general = z.object({
    siteName: z.string({ message: text.siteNameRequired }).trim().min(1, text.siteNameRequired).max(80, tooLong(80)),
    siteDescription: z.string().trim().max(300, tooLong(300)),
    contactEmail: z.email(text.invalidEmail),
    contactPhone: phone,
    secondaryPhone: phone,
    whatsappNumber: phone,
    address: z.string({ message: text.addressRequired }).trim().min(1, text.addressRequired).max(300, tooLong(300)),
  });
  const appearance = z.object({
    darkMode: z.boolean(),
    primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, text.colorFormat),
    language: z.enum(ADMIN_LANGUAGES, { message: text.language }),
  });
  const notifications = z.object({
    emailNotifications: z.boolean(),
    smsNotifications: z.boolean(),
    newBookingNotification: z.boolean(),
    bookingStatusChangeNotification: z.boolean(),
    bookingChangeNotification: z.boolean(),
    // Guest messages (issue 16): the channels' master switches and one switch per kind (both channels).
    whatsappNotifications: z.boolean(),
    confirmationMessage: z.boolean(),
    changeMessage: z.boolean(),
    cancellationMessage: z.boolean(),
    reminderMessage: z.boolean(),
    driverAssignedMessage: z.boolean(),
    // issue 31: the guest told when the driver sets off and when they are at the pickup
    driverOnWayMessage: z.boolean().default(true),
    driverArrivedMessage: z.boolean().default(true),
  });
  const security = z.object({
    twoFactorAuth: z.boolean(),
    sessionTimeout: z.number({ message: text.sessionTimeout }).int(text.sessionTimeout).min(5, text.sessionTimeout).max(120, text.sessionTimeout),
  });
  // Terms a visitor reads beside the price, in each public language.
  const terms = z.object({
    tr: z.string({ message: text.termsRequired }).trim().min(1, text.termsRequired).max(600, tooLong(600)),
    en: z.string({ message: text.termsRequired }).trim().min(1, text.termsRequired).max(600, tooLong(600)),
    de: z.string({ message: text.termsRequired }).trim().min(1, text.termsRequired).max(600, tooLong(600)),
    ru: z.string({ message: text.termsRequired }).trim().min(1, text.termsRequired).max(600, tooLong(600)),
  });
  // Whole hours, 0 to a week (app/booking/self-service.ts reads them); a body written before they
  // existed (PUT /api/settings, the form) still reads, with the default.
  const cutoff = z.number({ message: CUTOFF_HOURS }).int(CUTOFF_HOURS).min(0, CUTOFF_HOURS).max(MAX_CUTOFF_HOURS, CUTOFF_HOURS);
  const booking = z.object({
    /** how many hours ahead of its pickup a visitor must book (the office can still take later ones by phone) */
    leadTimeHours: z.number({ message: text.leadTime }).int(text.leadTime).min(0, text.leadTime).max(72, text.leadTime),
    /** minutes a car stays blocked after each drop-off (app/booking/availability.ts) */
    bufferMinutes: z.number({ message: text.bufferMinutes }).int(text.bufferMinutes).min(0, text.bufferMinutes).max(240, text.bufferMinutes),
    /** issue 16: until how many hours before the (first) pickup the guest may move the date and time online */
    changeCutoffHours: cutoff.default(24),
    /** issue 16: until how many hours before the (first) pickup the guest may cancel online free of charge */
    cancelCutoffHours: cutoff.default(24),
    /** issue 29 (KVKK): guests with no trip in this many years are anonymised by the worker; 0: never */
    guestRetentionYears: z.number({ message: RETENTION_YEARS }).int(RETENTION_YEARS).min(0, RETENTION_YEARS).max(30, RETENTION_YEARS).default(0),
    /** issue 31: the office is alerted of a job its driver has not accepted this many minutes before the pickup; 0: never */
    acceptAlertMinutes: z.number({ message: ACCEPT_ALERT }).int(ACCEPT_ALERT).min(0, ACCEPT_ALERT).max(1440, ACCEPT_ALERT).default(120),
    /** issue 31 (KVKK): the drivers' positions are cleared this many days after they were taken */
    positionRetentionDays: z.number({ message: POSITION_RETENTION }).int(POSITION_RETENTION).min(1, POSITION_RETENTION).max(365, POSITION_RETENTION).default(30),
    /** issue 32: a booking is confirmed as it is made when its car is free and no rule asks for a person (app/booking/rules/auto-confirm.ts) */
    autoConfirm: z.boolean().default(true),
    /** issue 32: a party above this many passengers waits for a person */
    autoConfirmMaxPassengers: z.number({ message: AUTO_CONFIRM_PASSENGERS }).int(AUTO_CONFIRM_PASSENGERS).min(1, AUTO_CONFIRM_PASSENGERS).max(60, AUTO_CONFIRM_PASSENGERS).default(8),
    /** issue 34: the least rest a driver has between the end of one leg and the start of the next, minutes (app/drivers/shifts.ts); 0: no minimum */
    driverRestMinutes: z.number({ message: DRIVER_REST }).int(DRIVER_REST).min(0, DRIVER_REST).max(MAX_DRIVER_REST_MINUTES, DRIVER_REST).default(0),
    cancellationTerms: terms,
    paymentTerms: terms,
  });
  const percent = z.number({ message: text.percent }).int(text.percent).min(0, text.percent).max(100, text.percent);
  /** kuruş, at most 1,000,000 TL */
  const money = z.number({ message: text.money }).int(text.money).min(0, text.money).max(100_000_000, text.money);
  const clock = z.string({ message: text.nightTime }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, text.nightTime);
  const hours = z.number({ message: text.hours }).int(text.hours).min(1, text.hours).max(24, text.hours);
  const waiting = z.number({ message: text.waitingMinutes }).int(text.waitingMinutes).min(0, text.waitingMinutes).max(240, text.waitingMinutes);
  const pricing = z
    .object({
      /** the night window in Istanbul time (may run over midnight) and its surcharge */
      nightStart: clock,
      nightEnd: clock,
      nightPercent: percent,
      /** % off both legs of a round trip */
      returnDiscountPercent: percent,
      /** kuruş per vehicle category (app/fleet/car.ts CAR_CATEGORIES); other categories take defaultMinimum */
      minimumFares: z.record(z.string().max(40), money),
      defaultMinimum: money,
      hourlyMinHours: hours,
      hourlyMaxHours: hours,
      /** kilometres included in each hour of hourly hire */
      includedKmPerHour: z.number({ message: text.kmPerHour }).int(text.kmPerHour).min(0, text.kmPerHour).max(200, text.kmPerHour),
      /** free waiting at a pickup: airports (from landing), elsewhere */
      freeWaitingAirportMinutes: waiting,
      freeWaitingOtherMinutes: waiting,
    })
    .refine((p) => p.hourlyMinHours <= p.hourlyMaxHours, { message: text.hourRange, path: ["hourlyMaxHours"] });
  /** lira per unit × 10,000 (app/pricing/currency.ts), at most 100,000 TL per unit */
  const rate = z.number({ message: text.rate }).int(text.rate).min(1, text.rate).max(1_000_000_000, text.rate);
  const currency = z.object({
    rates: z.object({ EUR: rate, USD: rate, GBP: rate, RUB: rate }),
    /** the day the office set the rates (YYYY-MM-DD) */
    ratesSetAt: z.string({ message: text.ratesDate }).regex(/^\d{4}-\d{2}-\d{2}$/, text.ratesDate),
  });
  // Issue 30: how the guest pays the driver on arrival (the online payments come with their providers).
  const paymentsObject = z
    .object({
      arrivalCash: z.boolean(),
      arrivalCard: z.boolean(),
      /** the currencies the driver takes in cash, in the order the guest reads them */
      driverCurrencies: z
        .array(z.enum(CURRENCIES, { message: text.driverCurrencies }), { message: text.driverCurrencies })
        .min(1, text.driverCurrencies)
        .max(CURRENCIES.length, text.driverCurrencies)
        .refine((list) => new Set(list).size === list.length, text.driverCurrencies),
      // what a receipt says of the company (the site's name when the legal one is empty) and its tax
      companyName: z.string().trim().max(100, tooLong(100)).default(""),
      taxOffice: z.string().trim().max(100, tooLong(100)).default(""),
      /** Vergi kimlik no (10 digits) or T.C. kimlik no (11); empty until the office sets it */
      taxNumber: z.string().trim().regex(/^(\d{10,11})?$/, text.taxNumber).default(""),
      /** KDV included in the fares, in percent */
      kdvPercent: z.number({ message: text.percent }).int(text.percent).min(0, text.percent).max(100, text.percent).default(20),
      // Online payments (issue 30), offered only when a provider has keys (app/payments/config.server.ts).
      /** what the site offers the guest: on arrival, a deposit online, the whole fare online */
      payModes: z
        .array(z.enum(PAY_MODES, { message: text.payModes }), { message: text.payModes })
        .min(1, text.payModes)
        .max(PAY_MODES.length, text.payModes)
        .refine((list) => new Set(list).size === list.length, text.payModes)
        .default(["arrival", "deposit", "full"]),
      /** a deposit is a percentage of the trip's price, or a fixed amount per trip */
      depositKind: z.enum(["percent", "fixed"], { message: text.depositPercent }).default("percent"),
      depositPercent: z.number({ message: text.depositPercent }).int(text.depositPercent).min(1, text.depositPercent).max(100, text.depositPercent).default(30),
      /** whole lira */
      depositFixed: z.number({ message: text.depositFixed }).int(text.depositFixed).min(1, text.depositFixed).max(1_000_000, text.depositFixed).default(500),
      /** how long a booking waiting for its online payment keeps its car */
      holdMinutes: z.number({ message: text.holdMinutes }).int(text.holdMinutes).min(10, text.holdMinutes).max(1440, text.holdMinutes).default(60),
      /** what is kept of what was paid when a booking is cancelled after the free-cancellation cut-off, percent of the price */
      lateCancelFeePercent: z.number({ message: text.percent }).int(text.percent).min(0, text.percent).max(100, text.percent).default(100),
      /** per channel: on arrival only, or online required; absent: as above */
      channelRules: z.partialRecord(z.enum(BOOKING_CHANNELS, { message: text.payRule }), z.enum(PAY_RULES, { message: text.payRule })).default({}),
      /** per car category, the same */
      categoryRules: z.record(z.string().max(40, text.payRule), z.enum(PAY_RULES, { message: text.payRule })).default({}),
    });
  // without an online payment the guest pays the driver: one way at least
  const arrivalMethod: [(p: { arrivalCash: boolean; arrivalCard: boolean }) => boolean, { message: string; path: string[] }] = [
    (p) => p.arrivalCash || p.arrivalCard,
    { message: text.arrivalMethod, path: ["arrivalCash"] },
  ];
  const payments = paymentsObject.refine(...arrivalMethod);
  // Flights tracked (issue 31; only with a provider key): how the tracker plans the pickup and when it tells.
  const flights = z.object({
    /** move the leg's planned pickup by the flight's delay (the guest's booked time stays) */
    movePickup: z.boolean(),
    /** tell the driver and the office when the planned pickup moves by at least this many minutes */
    notifyThresholdMinutes: z.number({ message: text.flightThreshold }).int(text.flightThreshold).min(5, text.flightThreshold).max(240, text.flightThreshold),
  });
  return {
    phone,
    tooLong,
    general,
    appearance,
    notifications,
    security,
    booking,
    pricing,
    currency,
    payments,
    paymentsObject,
    arrivalMethod,
    flights,
    settings: z.object({ general, appearance, notifications, security, booking, pricing, currency, payments, flights }),
  };
}

export const settingsSchema = settingsSchemas().settings;

export type Settings = z.infer<typeof settingsSchema>;
export type SettingsSection = keyof Settings;
export const SETTINGS_SECTIONS = ["general", "appearance", "notifications", "security", "booking", "pricing", "currency", "payments", "flights"] as const satisfies readonly SettingsSection[];

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
    bookingChangeNotification: true,
    whatsappNotifications: true,
    confirmationMessage: true,
    changeMessage: true,
    cancellationMessage: true,
    reminderMessage: true,
    driverAssignedMessage: true,
    driverOnWayMessage: true,
    driverArrivedMessage: true,
  },
  security: { twoFactorAuth: false, sessionTimeout: 30 },
  booking: {
    leadTimeHours: 4,
    bufferMinutes: 30,
    changeCutoffHours: 24,
    cancelCutoffHours: 24,
    guestRetentionYears: 0,
    acceptAlertMinutes: 120,
    positionRetentionDays: 30,
    autoConfirm: true,
    autoConfirmMaxPassengers: 8,
    driverRestMinutes: 0,
    cancellationTerms: {
      tr: "Alış saatinden 24 saat öncesine kadar ücretsiz iptal. Daha geç iptallerde veya gelmeme durumunda transfer ücretinin tamamı alınır. Uçuşunuz rötar yaparsa şoförünüz bekler; ek ücret yoktur.",
      en: "Free cancellation up to 24 hours before pickup. Later cancellations and no-shows are charged the full fare. If your flight is delayed, your driver waits at no extra cost.",
      de: "Kostenlose Stornierung bis 24 Stunden vor der Abholung. Bei späterer Stornierung oder Nichterscheinen wird der volle Fahrpreis berechnet. Verspätet sich Ihr Flug, wartet Ihr Fahrer ohne Aufpreis.",
      ru: "Бесплатная отмена не позднее чем за 24 часа до подачи. При более поздней отмене или неявке взимается полная стоимость поездки. Если рейс задерживается, водитель ждёт без доплаты.",
    },
    paymentTerms: {
      tr: "Ön ödeme yoktur. Ücreti yolculuk günü şoföre nakit (TL, EUR, USD) veya kartla ödersiniz. Fiyata yakıt, otoyol ve köprü geçişleri ile KDV dahildir.",
      en: "No prepayment. You pay the driver on the day, in cash (TRY, EUR or USD) or by card. Fuel, motorway and bridge tolls and VAT are included in the price.",
      de: "Keine Vorauszahlung. Sie bezahlen am Fahrtag beim Fahrer, bar (TRY, EUR oder USD) oder mit Karte. Kraftstoff, Autobahn- und Brückenmaut sowie MwSt. sind im Preis enthalten.",
      ru: "Без предоплаты. Вы платите водителю в день поездки наличными (TRY, EUR или USD) или картой. Топливо, платные дороги и мосты, а также НДС включены в стоимость.",
    },
  },
  pricing: {
    nightStart: "22:00",
    nightEnd: "06:00",
    nightPercent: 20,
    returnDiscountPercent: 5,
    // kuruş: the least a trip in each category costs
    minimumFares: { Hatchback: 60_000, Sedan: 70_000, Minivan: 90_000, SUV: 120_000, VIP: 120_000, "Minibüs": 150_000, Luxury: 150_000, Sports: 200_000, "Ultra Luxury": 300_000 },
    defaultMinimum: 10_000,
    hourlyMinHours: 2,
    hourlyMaxHours: 12,
    includedKmPerHour: 25,
    freeWaitingAirportMinutes: 60,
    freeWaitingOtherMinutes: 15,
  },
  currency: {
    // lira per unit × 10,000
    rates: { EUR: 524_000, USD: 451_000, GBP: 602_000, RUB: 5_600 },
    ratesSetAt: "2026-11-20",
  },
  payments: {
    arrivalCash: true,
    arrivalCard: true,
    driverCurrencies: ["TRY", "EUR", "USD"],
    companyName: "",
    taxOffice: "",
    taxNumber: "",
    kdvPercent: 20,
    payModes: ["arrival", "deposit", "full"],
    depositKind: "percent",
    depositPercent: 30,
    depositFixed: 500,
    holdMinutes: 60,
    lateCancelFeePercent: 100,
    channelRules: {},
    categoryRules: {},
  },
  flights: { movePickup: true, notifyThresholdMinutes: 30 },
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
