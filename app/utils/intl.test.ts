import { describe, expect, it } from "vitest";
import { dateTimeFormat, numberFormat } from "./intl";

describe("shared Intl formatters", () => {
  it("gives the same formatter for the same locale and options, another for others, formatting as new ones do", () => {
    const options = { dateStyle: "full", timeStyle: "short", timeZone: "Europe/Istanbul" } as const;
    const when = new Date("2027-06-10T11:30:00Z");
    expect(dateTimeFormat("tr-TR", options)).toBe(dateTimeFormat("tr-TR", { ...options }));
    expect(dateTimeFormat("de-DE", options)).not.toBe(dateTimeFormat("tr-TR", options));
    expect(dateTimeFormat("de-DE", options).format(when)).toBe(new Intl.DateTimeFormat("de-DE", options).format(when));
    expect(numberFormat("ru-RU", { maximumFractionDigits: 0 })).not.toBe(numberFormat("ru-RU", { maximumFractionDigits: 1 }));
    expect(numberFormat("ru-RU", { maximumFractionDigits: 0 }).format(12345.6)).toBe(new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 0 }).format(12345.6));
  });
});
