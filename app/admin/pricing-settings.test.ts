import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, SETTINGS, settingsSchema } from "~/settings/settings";
import { pricingFormSchema, pricingFormValues, pricingSections } from "./pricing-settings";

/** The form as it posts the stored settings back (nested names, as Conform writes them). */
function formOf(values: ReturnType<typeof pricingFormValues>, change: Record<string, string> = {}) {
  const data = new FormData();
  const put = (prefix: string, value: unknown) => {
    if (typeof value === "object" && value !== null) for (const [k, v] of Object.entries(value)) put(prefix ? `${prefix}.${k}` : k, v);
    else data.set(prefix, String(value));
  };
  put("", values);
  for (const [k, v] of Object.entries(change)) data.set(k, v);
  return data;
}

const stored = { pricing: DEFAULT_SETTINGS.pricing, currency: DEFAULT_SETTINGS.currency };

describe("the pricing form", () => {
  it("shows the settings as typed text and reads them back unchanged", () => {
    const values = pricingFormValues(stored);
    expect(values.minimumFares.Sedan).toBe("700");
    expect(values.minimumFares["Ultra Luxury"]).toBe("3.000");
    expect(values.rates.EUR).toBe("52,40");
    expect(values.rates.RUB).toBe("0,56");
    const submission = parseWithZod(formOf(values), { schema: pricingFormSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const sections = pricingSections(submission.value, stored, "2026-12-01");
    expect(sections).toEqual(stored);
  });

  it("reads Turkish amounts and rates, and dates the rates today only when one changed", () => {
    const values = pricingFormValues(stored);
    const submission = parseWithZod(formOf(values, { "minimumFares.Sedan": "1.250,50", defaultMinimum: "150", "rates.EUR": "53,1234", nightPercent: "25" }), { schema: pricingFormSchema });
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.reply().error));
    const sections = pricingSections(submission.value, stored, "2026-12-01");
    expect(sections.pricing).toMatchObject({ nightPercent: 25, defaultMinimum: 15_000, minimumFares: { Sedan: 125_050 } });
    expect(sections.currency).toEqual({ rates: { ...stored.currency.rates, EUR: 531_234 }, ratesSetAt: "2026-12-01" });
    expect(settingsSchema.shape.pricing.safeParse(sections.pricing).success).toBe(true);
  });

  it("lets a category take the default minimum when left blank", () => {
    const submission = parseWithZod(formOf(pricingFormValues(stored), { "minimumFares.SUV": "" }), { schema: pricingFormSchema });
    if (submission.status !== "success") throw new Error("refused");
    const sections = pricingSections(submission.value, { ...stored, pricing: { ...stored.pricing, minimumFares: { ...stored.pricing.minimumFares, Retired: 5 } } }, "2026-12-01");
    expect(sections.pricing.minimumFares.SUV).toBeUndefined();
    expect(sections.pricing.minimumFares.Retired).toBe(5);
    expect(sections.currency.ratesSetAt).toBe(stored.currency.ratesSetAt);
  });

  it("refuses bad values with the settings' codes", () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ nightStart: "25:00" }, "nightStart", SETTINGS.nightTime],
      [{ nightEnd: "" }, "nightEnd", SETTINGS.nightTime],
      [{ nightPercent: "101" }, "nightPercent", SETTINGS.percent],
      [{ nightPercent: "12,5" }, "nightPercent", SETTINGS.percent],
      [{ returnDiscountPercent: "-1" }, "returnDiscountPercent", SETTINGS.percent],
      [{ "minimumFares.Sedan": "abc" }, "minimumFares.Sedan", SETTINGS.money],
      [{ "minimumFares.Ultra Luxury": "1.000.000,01" }, "minimumFares.Ultra Luxury", SETTINGS.money],
      [{ defaultMinimum: "" }, "defaultMinimum", SETTINGS.money],
      [{ hourlyMinHours: "0" }, "hourlyMinHours", SETTINGS.hours],
      [{ hourlyMinHours: "6", hourlyMaxHours: "4" }, "hourlyMaxHours", SETTINGS.hourRange],
      [{ includedKmPerHour: "201" }, "includedKmPerHour", SETTINGS.kmPerHour],
      [{ freeWaitingAirportMinutes: "241" }, "freeWaitingAirportMinutes", SETTINGS.waitingMinutes],
      [{ "rates.EUR": "0" }, "rates.EUR", SETTINGS.rate],
      [{ "rates.USD": "" }, "rates.USD", SETTINGS.rate],
      [{ "rates.GBP": "60,123456" }, "rates.GBP", SETTINGS.rate],
      [{ "rates.RUB": "1.000,5" }, "rates.RUB", SETTINGS.rate],
    ];
    for (const [change, field, code] of cases) {
      const submission = parseWithZod(formOf(pricingFormValues(stored), change), { schema: pricingFormSchema });
      expect(submission.status, JSON.stringify(change)).toBe("error");
      expect(submission.reply().error?.[field], JSON.stringify(change)).toEqual([code]);
    }
  });

  it("accepts a time input's seconds", () => {
    const submission = parseWithZod(formOf(pricingFormValues(stored), { nightStart: "21:30:00" }), { schema: pricingFormSchema });
    expect(submission.status === "success" && submission.value.nightStart).toBe("21:30");
  });
});

describe("the pricing form's hour range", () => {
  it("is checked alongside other mistakes", () => {
    const submission = parseWithZod(formOf(pricingFormValues(stored), { hourlyMinHours: "9", hourlyMaxHours: "3", "rates.USD": "x" }), { schema: pricingFormSchema });
    const error = submission.reply().error;
    expect(error?.hourlyMaxHours).toEqual([SETTINGS.hourRange]);
    expect(error?.["rates.USD"]).toEqual([SETTINGS.rate]);
  });
});
