import { describe, expect, it } from "vitest";
import { convertAtRate, kurusFromMinor } from "~/pricing/currency";
import { kurus } from "~/utils/money";
import { amountDueOf, balanceInCurrency, ledgerAmount, moneyStateOf, owedBy, signedAmount, splitKdv } from "./payments";

const k = kurus;
const EUR = 524_000; // 52.40 TL per euro

describe("moneyStateOf", () => {
  it("is unpaid with the whole total owed before any movement", () => {
    expect(moneyStateOf({ status: "pending", total: k(230_874), paid: k(0), refunded: k(0) })).toEqual({ status: "unpaid", balanceDue: 230_874, credit: 0 });
  });

  it("is part paid after a deposit and paid once the rest comes in", () => {
    expect(moneyStateOf({ status: "confirmed", total: k(100_000), paid: k(30_000), refunded: k(0) })).toEqual({ status: "part_paid", balanceDue: 70_000, credit: 0 });
    expect(moneyStateOf({ status: "completed", total: k(100_000), paid: k(100_000), refunded: k(0) })).toEqual({ status: "paid", balanceDue: 0, credit: 0 });
  });

  it("shows a credit when more came in than is owed", () => {
    expect(moneyStateOf({ status: "confirmed", total: k(100_000), paid: k(100_500), refunded: k(0) })).toEqual({ status: "paid", balanceDue: 0, credit: 500 });
  });

  it("is refunded when everything went back, and when a cancelled booking kept only its fee", () => {
    expect(moneyStateOf({ status: "cancelled", total: k(100_000), paid: k(0), refunded: k(30_000) })).toEqual({ status: "refunded", balanceDue: 0, credit: 0 });
    expect(moneyStateOf({ status: "cancelled", total: k(100_000), paid: k(10_000), refunded: k(20_000) })).toMatchObject({ status: "refunded", balanceDue: 0 });
  });

  it("owes nothing more once cancelled: a kept fee is paid, nothing taken is unpaid", () => {
    expect(owedBy({ status: "cancelled", total: k(100_000), paid: k(30_000) })).toBe(30_000);
    expect(moneyStateOf({ status: "cancelled", total: k(100_000), paid: k(30_000), refunded: k(0) })).toEqual({ status: "paid", balanceDue: 0, credit: 0 });
    expect(moneyStateOf({ status: "cancelled", total: k(100_000), paid: k(0), refunded: k(0) })).toEqual({ status: "unpaid", balanceDue: 0, credit: 0 });
  });

  it("counts a partial refund of an active booking against what is owed", () => {
    expect(moneyStateOf({ status: "confirmed", total: k(100_000), paid: k(80_000), refunded: k(20_000) })).toEqual({ status: "part_paid", balanceDue: 20_000, credit: 0 });
  });
});

describe("signedAmount", () => {
  it("takes refunds out, money in as received, and adjustments with their own sign", () => {
    expect(signedAmount("refund", 500)).toBe(-500);
    expect(signedAmount("refund", -500)).toBe(-500);
    expect(signedAmount("driver_cash", 500)).toBe(500);
    expect(signedAmount("adjustment", -500)).toBe(-500);
  });
});

describe("ledgerAmount", () => {
  it("settles the balance exactly when the amount shown in the currency is paid", () => {
    // 2,308.74 TL is €44.06 at 52.40; €44.06 back is 2,308.74 by luck, 1,000.00 TL is €19.08 → 999.79 TL
    expect(convertAtRate(k(100_000), "EUR", EUR)).toBe(1908);
    expect(kurusFromMinor(1908, "EUR", EUR)).toBe(99_979);
    expect(ledgerAmount(1908, "EUR", EUR, k(100_000))).toBe(100_000);
  });

  it("settles the balance exactly when the rest of the quoted total is paid after a deposit", () => {
    // 2,300.00 TL is €43.89; the 690.00 TL deposit €13.17; the rest shown €30.72 (the 1,610.00 TL alone would be €30.73)
    expect(balanceInCurrency(k(230_000), k(161_000), "EUR", EUR)).toBe(3072);
    expect(convertAtRate(k(161_000), "EUR", EUR)).toBe(3073);
    expect(ledgerAmount(3072, "EUR", EUR, k(161_000), k(230_000))).toBe(161_000);
    expect(ledgerAmount(3073, "EUR", EUR, k(161_000), k(230_000))).toBe(161_000);
    expect(ledgerAmount(3071, "EUR", EUR, k(161_000), k(230_000))).toBe(kurusFromMinor(3071, "EUR", EUR));
  });

  it("converts any other amount at the rate, rounding half away from zero once", () => {
    expect(ledgerAmount(1000, "EUR", EUR, k(100_000))).toBe(52_400);
    expect(ledgerAmount(-1000, "EUR", EUR, k(100_000))).toBe(-52_400);
    expect(ledgerAmount(1, "EUR", 5_000, k(0))).toBe(1); // half a kuruş rounds up
    expect(ledgerAmount(150, "RUB", 5_600, k(0))).toBe(8_400); // whole roubles: 150 × 0.56 TL
    expect(ledgerAmount(12_345, "TRY", 10_000, k(0))).toBe(12_345);
  });
});

describe("splitKdv", () => {
  it("splits the VAT included in an amount so that net and VAT add up to it", () => {
    expect(splitKdv(k(120_000), 20)).toEqual({ base: 100_000, kdv: 20_000 });
    // 2,308.74 TL at 20 %: net 1,923.95 (1923.95), VAT 384.79
    expect(splitKdv(k(230_874), 20)).toEqual({ base: 192_395, kdv: 38_479 });
    expect(splitKdv(k(-230_874), 20)).toEqual({ base: -192_395, kdv: -38_479 });
    expect(splitKdv(k(1_001), 10)).toEqual({ base: 910, kdv: 91 });
    expect(splitKdv(k(5_000), 0)).toEqual({ base: 5_000, kdv: 0 });
  });
});

describe("amountDueOf", () => {
  const booking = { status: "confirmed" as const, total_price: k(250_000), amount_paid: k(50_000), currency: "EUR", currency_rate: EUR };
  it("is what the guest still owes, in lira and in their currency", () => {
    expect(amountDueOf(booking)).toEqual({ due: 200_000, currency: "EUR", inCurrency: convertAtRate(k(200_000), "EUR", EUR), paid: 50_000 });
  });
  it("in their currency is the quoted total less what was paid, so the two add up to the total", () => {
    const deposit = { ...booking, total_price: k(230_000), amount_paid: k(69_000) };
    expect(amountDueOf(deposit).inCurrency).toBe(3072);
    expect(convertAtRate(k(69_000), "EUR", EUR) + amountDueOf(deposit).inCurrency).toBe(convertAtRate(k(230_000), "EUR", EUR));
    expect(amountDueOf({ ...deposit, currency: "TRY", currency_rate: null }).inCurrency).toBe(161_000);
  });
  it("is nothing for a cancelled booking, nor for one a partner pays on its statement (issue 33)", () => {
    expect(amountDueOf({ ...booking, status: "cancelled" }).due).toBe(0);
    expect(amountDueOf({ ...booking, amount_paid: k(0), partner_pays: 1 }).due).toBe(0);
    expect(amountDueOf({ ...booking, amount_paid: k(0), partner_pays: 0 }).due).toBe(250_000);
  });
});
