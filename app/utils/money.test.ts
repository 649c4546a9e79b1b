import { describe, expect, it } from "vitest";
import { formatMoney, formatTry, kurus, kurusToLira, liraToKurus } from "./money";

describe("money", () => {
  it("converts lira to integer kuruş without float drift", () => {
    expect(liraToKurus(22)).toBe(2200);
    expect(liraToKurus(0.1 + 0.2)).toBe(30);
    expect(liraToKurus("19,99")).toBe(1999);
    expect(liraToKurus(1.005)).toBe(101);
    expect(liraToKurus("abc")).toBeNaN();
  });

  it("converts kuruş back to lira with two decimals at most", () => {
    expect(kurusToLira(kurus(123456))).toBe(1234.56);
    expect(kurusToLira(kurus(10000))).toBe(100);
  });

  it("formats as Turkish lira with Turkish separators", () => {
    expect(formatTry(kurus(123456))).toBe("₺1.234,56");
    expect(formatTry(kurus(10000))).toBe("₺100,00");
  });

  it("formats lira for the reader's language, with the lira sign in each", () => {
    const amount = kurus(100160);
    expect(formatMoney(amount, "en")).toBe("₺1,001.60");
    expect(formatMoney(amount, "tr")).toBe("₺1.001,60");
    expect(formatMoney(amount, "de").replace(/\s/g, " ")).toBe("1.001,60 ₺");
    expect(formatMoney(amount, "ru").replace(/\s/g, " ")).toBe("1 001,60 ₺");
    expect(formatMoney(amount, "xx")).toBe("₺1,001.60");
  });
});
