import { describe, expect, it } from "vitest";
import { kurus } from "~/utils/money";
import { faresAbovePublic, netAmount, netRatesFromForm, parseNetRates } from "./net-rates";

describe("a partner's net rates as typed", () => {
  it("reads amounts the Turkish or the English way, or as JSON lira; blank is none", () => {
    expect(netAmount("1.250,50")).toEqual({ ok: true, amount: 125_050 });
    expect(netAmount("1250.5")).toEqual({ ok: true, amount: 125_050 });
    expect(netAmount("₺2.000")).toEqual({ ok: true, amount: 200_000 });
    expect(netAmount(18.5)).toEqual({ ok: true, amount: 1850 });
    expect(netAmount(0)).toEqual({ ok: true, amount: 0 });
    expect(netAmount("  ")).toEqual({ ok: true, amount: null });
    expect(netAmount(null)).toEqual({ ok: true, amount: null });
  });

  it("refuses negative amounts, garbage, three decimals and a typing slip", () => {
    expect(netAmount("-5")).toMatchObject({ ok: false, problem: { code: "admin:partners.netRates.errors.amountNegative" } });
    expect(netAmount(-0.01)).toMatchObject({ ok: false, problem: { code: "admin:partners.netRates.errors.amountNegative" } });
    expect(netAmount("abc")).toMatchObject({ ok: false, problem: { code: "admin:partners.netRates.errors.amountInvalid" } });
    expect(netAmount(12.345)).toMatchObject({ ok: false, problem: { code: "admin:partners.netRates.errors.amountInvalid" } });
    expect(netAmount(Number.NaN)).toMatchObject({ ok: false, problem: { code: "admin:partners.netRates.errors.amountInvalid" } });
    expect(netAmount("2.000.000")).toMatchObject({ ok: false, problem: { code: "admin:partners.netRates.errors.amountTooLarge" } });
  });

  it("reads the form by its field names, keeps the fleet's spelling of a category and leaves blanks out", () => {
    const form = new FormData();
    form.set("fare:r1:sedan", "1.600");
    form.set("fare:r1:minibus", "2500");
    form.set("fare:r1:vip", "");
    form.set("perKm:sedan", "18,5");
    const parsed = parseNetRates(netRatesFromForm(form, [{ id: "r1" }]), new Set(["r1"]));
    expect(parsed).toEqual({ ok: true, rates: { fares: { r1: { Sedan: 160_000, Minibüs: 250_000 } }, categories: { Sedan: { perKm: 1850, perHour: null } } } });
  });

  it("names the fares above the public one", () => {
    const fare = { id: "r1", from: { kind: "zone" as const, zoneId: "a" }, to: { kind: "zone" as const, zoneId: "b" }, oneWay: false, active: true, prices: { Sedan: kurus(200_000), VIP: kurus(300_000) } };
    expect(faresAbovePublic({ fares: { r1: { Sedan: kurus(210_000), VIP: kurus(250_000), Minivan: kurus(999_999) } }, categories: {} }, [fare])).toEqual([{ routeFareId: "r1", category: "Sedan", net: 210_000, public: 200_000 }]);
  });
});
