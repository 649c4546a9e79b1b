import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { AUTH } from "~/auth/messages";
import { translate } from "~/i18n/translate.server";
import type { ProblemCode } from "~/i18n/problem";
import { DEFAULT_SETTINGS, settingsSchema } from "./settings";
import { firstTabWithError, PROFILE, settingsFormSchema } from "./settings-form";
import { SETTINGS } from "./settings";

function form(overrides: Record<string, string | undefined> = {}) {
  const fields: Record<string, string | undefined> = {
    "general.siteName": "Lykia VIP Transfer",
    "general.siteDescription": "Premium transfers",
    "general.contactEmail": "info@example.com",
    "general.contactPhone": "+90 242 330 00 00",
    "general.secondaryPhone": "+90 532 330 00 00",
    "general.whatsappNumber": "+90 532 330 00 00",
    "general.address": "Antalya",
    "appearance.darkMode": "on",
    "appearance.primaryColor": "#f59e0b",
    "appearance.language": "tr",
    "notifications.emailNotifications": "on",
    "security.sessionTimeout": "30",
    "booking.leadTimeHours": "4",
    "booking.bufferMinutes": "30",
    ...Object.fromEntries(
      (["cancellationTerms", "paymentTerms"] as const).flatMap((name) =>
        (["tr", "en", "de", "ru"] as const).map((lng) => [`booking.${name}.${lng}`, DEFAULT_SETTINGS.booking[name][lng]]),
      ),
    ),
    "payments.arrivalCash": "on",
    "payments.driverCurrencies": "EUR",
    "payments.payModes": "arrival",
    "flights.movePickup": "on",
    "flights.notifyThresholdMinutes": "30",
    "profile.name": "Ofis",
    "profile.email": "office@example.com",
    "profile.phone": "",
    ...overrides,
  };
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) data.set(k, v);
  const result = parseWithZod(data, { schema: settingsFormSchema });
  // The codes in the spec's Turkish, as the settings screen shows them with the Turkish admin language.
  const tr = (codes: string[] | null) => codes?.map((code) => translate("tr", { code: code as ProblemCode })) ?? null;
  const error = result.status === "error" && result.error ? Object.fromEntries(Object.entries(result.error).map(([k, v]) => [k, tr(v)])) : undefined;
  return Object.assign(result, { error });
}

describe("settings validation", () => {
  it("reads the flights tab: moving the pickup unticked is off, the threshold 5–240 whole minutes (issue 31)", () => {
    const on = form();
    expect(on.status === "success" && on.value.flights).toEqual({ movePickup: true, notifyThresholdMinutes: 30 });
    const off = form({ "flights.movePickup": undefined, "flights.notifyThresholdMinutes": "5" });
    expect(off.status === "success" && off.value.flights).toEqual({ movePickup: false, notifyThresholdMinutes: 5 });
    for (const wrong of ["4", "241", "12.5", undefined]) {
      expect(form({ "flights.notifyThresholdMinutes": wrong }).error?.["flights.notifyThresholdMinutes"]).toEqual([translate("tr", { code: SETTINGS.flightThreshold })]);
    }
    expect(firstTabWithError(["flights.notifyThresholdMinutes"])).toBe("flights");
  });

  it("reads the payment tab: one currency ticked, a way to pay on arrival required (issue 30)", () => {
    const one = form();
    expect(one.status).toBe("success");
    if (one.status === "success") expect(one.value.payments).toMatchObject({ arrivalCash: true, arrivalCard: false, driverCurrencies: ["EUR"], companyName: "", taxOffice: "", taxNumber: "", kdvPercent: 20 });
    const taxed = form({ "payments.taxNumber": "123456789", "payments.kdvPercent": "10" });
    expect(taxed.error?.["payments.taxNumber"]).toEqual([translate("tr", { code: SETTINGS.taxNumber })]);
    const none = form({ "payments.arrivalCash": undefined, "payments.driverCurrencies": undefined });
    expect(none.error?.["payments.arrivalCash"]).toEqual([translate("tr", { code: SETTINGS.arrivalMethod })]);
    expect(none.error?.["payments.driverCurrencies"]).toEqual([translate("tr", { code: SETTINGS.driverCurrencies })]);
  });

  it("refuses an unknown or repeated driver currency", () => {
    expect(settingsSchema.shape.payments.safeParse({ arrivalCash: true, arrivalCard: true, driverCurrencies: ["EUR", "EUR"] }).success).toBe(false);
    expect(settingsSchema.shape.payments.safeParse({ arrivalCash: true, arrivalCard: true, driverCurrencies: ["XYZ"] }).success).toBe(false);
    expect(settingsSchema.shape.payments.safeParse({ arrivalCash: false, arrivalCard: true, driverCurrencies: ["TRY", "RUB"] }).success).toBe(true);
  });

  it("reads the online terms: the modes ticked, the deposit, the hold, and each channel's and category's rule (issue 30)", () => {
    const result = form({ "payments.payModes": undefined, "payments.depositPercent": "25", "payments.holdMinutes": "45", "payments.channelRules.phone": "arrival", "payments.channelRules.site": "", "payments.categoryRules.VIP": "online" });
    expect(result.error?.["payments.payModes"]).toEqual([translate("tr", { code: SETTINGS.payModes })]);
    const ok = form({ "payments.depositPercent": "25", "payments.holdMinutes": "45", "payments.channelRules.phone": "arrival", "payments.channelRules.site": "", "payments.categoryRules.VIP": "online" });
    expect(ok.status).toBe("success");
    if (ok.status !== "success") return;
    expect(ok.value.payments).toMatchObject({ payModes: ["arrival"], depositPercent: 25, holdMinutes: 45, channelRules: { phone: "arrival" }, categoryRules: { VIP: "online" } });
    expect(form({ "payments.holdMinutes": "5" }).error?.["payments.holdMinutes"]).toEqual([translate("tr", { code: SETTINGS.holdMinutes })]);
    expect(form({ "payments.channelRules.phone": "sometimes" }).error?.["payments.channelRules.phone"]).toBeDefined();
    expect(settingsSchema.shape.payments.safeParse({ ...DEFAULT_SETTINGS.payments, channelRules: { fax: "online" } }).success).toBe(false);
  });

  it("reads ticked and unticked checkboxes", () => {
    const result = form();
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.appearance.darkMode).toBe(true);
    expect(result.value.notifications).toEqual({
      emailNotifications: true,
      smsNotifications: false,
      newBookingNotification: false,
      bookingStatusChangeNotification: false,
      bookingChangeNotification: false,
      whatsappNotifications: false,
      confirmationMessage: false,
      changeMessage: false,
      cancellationMessage: false,
      reminderMessage: false,
      driverAssignedMessage: false,
      driverOnWayMessage: false,
      driverArrivedMessage: false,
    });
    expect(result.value.security).toEqual({ twoFactorAuth: false, sessionTimeout: 30 });
  });

  it.each(["4", "121", "30.5", "abc"])("refuses a session timeout of %s with the Turkish message", (value) => {
    const result = form({ "security.sessionTimeout": value });
    expect(result.status).toBe("error");
    expect(result.error?.["security.sessionTimeout"]?.[0]).toMatch(/5 ile 120 dakika/);
  });

  it.each(["-1", "73", "2.5", "", "dört"])("refuses a lead time of %s with the Turkish message", (value) => {
    const result = form({ "booking.leadTimeHours": value });
    expect(result.status).toBe("error");
    expect(result.error?.["booking.leadTimeHours"]?.[0]).toMatch(/0 ile 72 saat/);
    expect(firstTabWithError(Object.keys(result.error ?? {}))).toBe("booking");
  });

  it.each(["changeCutoffHours", "cancelCutoffHours"])("takes the guest's %s as whole hours 0–168 (issue 16)", (name) => {
    for (const ok of ["0", "24", "168"]) expect(form({ [`booking.${name}`]: ok }).status).toBe("success");
    for (const bad of ["-1", "169", "1.5", "bir"]) expect(form({ [`booking.${name}`]: bad }).error?.[`booking.${name}`]?.[0]).toMatch(/0 ile 168 saat/);
  });

  it("accepts lead times of 0 and 72 hours and refuses terms over 600 characters", () => {
    expect(form({ "booking.leadTimeHours": "0" }).status).toBe("success");
    expect(form({ "booking.leadTimeHours": "72" }).status).toBe("success");
    const long = form({ "booking.paymentTerms.de": "x".repeat(601) });
    expect(long.error?.["booking.paymentTerms.de"]).toEqual(["En fazla 600 karakter girebilirsiniz."]);
  });

  it("accepts the bounds 5 and 120", () => {
    expect(form({ "security.sessionTimeout": "5" }).status).toBe("success");
    expect(form({ "security.sessionTimeout": "120" }).status).toBe("success");
  });

  it("validates the e-mail fields", () => {
    expect(form({ "general.contactEmail": "not-an-email" }).error?.["general.contactEmail"]).toEqual(["Geçerli bir e-posta adresi giriniz"]);
    expect(form({ "profile.email": "x@" }).error?.["profile.email"]).toEqual(["Geçerli bir e-posta adresi giriniz"]);
  });

  it("asks for the current password and a matching repeat when changing the password", () => {
    const result = form({ "profile.newPassword": "newpass1", "profile.confirmPassword": "newpass2" });
    expect(result.error?.["profile.currentPassword"]).toEqual(["Mevcut şifrenizi giriniz."]);
    expect(result.error?.["profile.confirmPassword"]).toEqual(["Şifreler eşleşmiyor."]);
    expect(form({ "profile.newPassword": "12345", "profile.confirmPassword": "12345", "profile.currentPassword": "x" }).error?.["profile.newPassword"]).toEqual([
      "Şifre en az 6 karakter olmalıdır",
    ]);
  });

  it("names an emptied required field, and lets the description be empty", () => {
    const result = form({ "general.siteName": "", "general.address": "", "general.contactPhone": "", "general.siteDescription": "" });
    expect(result.error?.["general.siteName"]).toEqual(["Site adı zorunludur."]);
    expect(result.error?.["general.address"]).toEqual(["Adres zorunludur."]);
    expect(result.error?.["general.contactPhone"]).toEqual(["Geçerli bir telefon numarası giriniz"]);
    expect(result.error?.["general.siteDescription"]).toBeUndefined();
    const described = form({ "general.siteDescription": "" });
    expect(described.status === "success" && described.value.general.siteDescription).toBe("");
  });

  it("opens the first tab with an error", () => {
    expect(firstTabWithError(["security.sessionTimeout", "profile.email"])).toBe("security");
    expect(firstTabWithError([])).toBeUndefined();
  });

  it("keeps the API schema strict about bounds", () => {
    expect(settingsSchema.safeParse({ ...DEFAULT_SETTINGS, security: { twoFactorAuth: false, sessionTimeout: 121 } }).success).toBe(false);
    expect(settingsSchema.safeParse(DEFAULT_SETTINGS).success).toBe(true);
  });
});

describe("settings validation in another language", () => {
  const schema = settingsFormSchema;
  const en = (codes: string[] | null | undefined) => codes?.map((code) => translate("en", { code: code as ProblemCode }));

  it("gives codes, which the catalogue says with the limits filled in", () => {
    const data = new FormData();
    for (const [k, v] of Object.entries({
      "general.siteName": "x".repeat(81),
      "general.contactEmail": "nope",
      "security.sessionTimeout": "500",
      "profile.name": "",
      "profile.email": "office@",
    })) {
      data.set(k, v);
    }
    const result = parseWithZod(data, { schema });
    expect(result.status).toBe("error");
    const error = result.status === "error" ? result.error : {};
    expect(error?.["general.siteName"]).toEqual([SETTINGS.tooLong80]);
    expect(error?.["profile.name"]).toEqual([PROFILE.nameRequired]);
    expect(error?.["profile.email"]).toEqual([AUTH.invalidEmail]);
    expect(en(error?.["general.siteName"])).toEqual(["You can enter up to 80 characters."]);
    expect(en(error?.["general.contactEmail"])).toEqual(["Enter a valid email address"]);
    expect(en(error?.["security.sessionTimeout"])).toEqual(["The session timeout must be between 5 and 120 minutes."]);
    expect(en(error?.["profile.name"])).toEqual(["Full name is required."]);
    expect(en(error?.["profile.email"])).toEqual(["Enter a valid email address"]);
  });
});
