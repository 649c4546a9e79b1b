import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/settings/settings";
import { kurus } from "~/utils/money";
import { depositOf, dueOnline, holdUntilOf, isHeld, payModesFor, payNowOf, refundByPolicy, type PaymentTermsSettings } from "./pay-terms";

const TERMS: PaymentTermsSettings = { ...DEFAULT_SETTINGS.payments };
const site = { channel: "site" as const, category: "Sedan" };

describe("what a booking is offered to pay", () => {
  it("is pay-on-arrival only without a provider, whatever the settings say", () => {
    expect(payModesFor(TERMS, site, false)).toEqual(["arrival"]);
    expect(payModesFor({ ...TERMS, payModes: ["deposit"] }, site, false)).toEqual(["arrival"]);
  });

  it("offers the settings' modes in a fixed order, narrowed by the channel's or the category's rule", () => {
    expect(payModesFor({ ...TERMS, payModes: ["full", "arrival", "deposit"] }, site, true)).toEqual(["arrival", "deposit", "full"]);
    expect(payModesFor({ ...TERMS, channelRules: { phone: "arrival" } }, { channel: "phone", category: "Sedan" }, true)).toEqual(["arrival"]);
    expect(payModesFor({ ...TERMS, categoryRules: { VIP: "online" } }, { channel: "site", category: "VIP" }, true)).toEqual(["deposit", "full"]);
    // "on arrival only" wins over "online required"
    expect(payModesFor({ ...TERMS, channelRules: { site: "arrival" }, categoryRules: { VIP: "online" } }, { channel: "site", category: "VIP" }, true)).toEqual(["arrival"]);
    // a narrowing that leaves nothing keeps the general offer
    expect(payModesFor({ ...TERMS, payModes: ["arrival"], categoryRules: { VIP: "online" } }, { channel: "site", category: "VIP" }, true)).toEqual(["arrival"]);
  });
});

describe("the deposit and what is paid now", () => {
  it("takes the percentage rounded half up to the kuruş, or the fixed lira, never above the price", () => {
    expect(depositOf({ depositKind: "percent", depositPercent: 30, depositFixed: 500 }, kurus(250_005))).toBe(75_002);
    expect(depositOf({ depositKind: "percent", depositPercent: 30, depositFixed: 500 }, kurus(250_015))).toBe(75_005);
    expect(depositOf({ depositKind: "fixed", depositPercent: 30, depositFixed: 500 }, kurus(250_000))).toBe(50_000);
    expect(depositOf({ depositKind: "fixed", depositPercent: 30, depositFixed: 5000 }, kurus(250_000))).toBe(250_000);
    expect(payNowOf("arrival", TERMS, kurus(100_000))).toBe(0);
    expect(payNowOf("full", TERMS, kurus(100_000))).toBe(100_000);
    expect(payNowOf("deposit", TERMS, kurus(100_000))).toBe(30_000);
  });

  it("holds the car for the minutes set, never past an hour before the pickup, and at least ten minutes", () => {
    const now = new Date("2027-07-01T09:00:00Z");
    expect(holdUntilOf(now, "2027-07-02T09:00:00Z", 60)).toBe("2027-07-01T10:00:00.000Z");
    expect(holdUntilOf(now, "2027-07-01T11:30:00Z", 180)).toBe("2027-07-01T10:30:00.000Z");
    expect(holdUntilOf(now, "2027-07-01T09:30:00Z", 60)).toBe("2027-07-01T09:10:00.000Z");
  });

  it("asks a held booking for the rest of its deposit, any other open one for its balance, a closed one for nothing", () => {
    const held = { status: "pending" as const, total_price: kurus(100_000), amount_paid: kurus(0), pay_mode: "deposit" as const, pay_now: kurus(30_000), hold_until: "2027-07-01T10:00:00Z" };
    expect(isHeld(held)).toBe(true);
    expect(dueOnline(held)).toEqual({ purpose: "deposit", amount: 30_000 });
    expect(dueOnline({ ...held, amount_paid: kurus(10_000) })).toEqual({ purpose: "deposit", amount: 20_000 });
    expect(isHeld({ ...held, amount_paid: kurus(30_000) })).toBe(false);
    expect(dueOnline({ ...held, amount_paid: kurus(30_000), status: "confirmed", hold_until: null })).toEqual({ purpose: "balance", amount: 70_000 });
    expect(dueOnline({ ...held, pay_mode: "full", pay_now: kurus(100_000) })).toEqual({ purpose: "full", amount: 100_000 });
    expect(dueOnline({ ...held, status: "cancelled" })).toBeNull();
    expect(dueOnline({ ...held, status: "confirmed", hold_until: null, amount_paid: kurus(100_000) })).toBeNull();
  });
});

describe("refunds by the policy", () => {
  const facts = { total: kurus(100_000), paid: kurus(30_000), paidOnline: kurus(30_000), lateCancelFeePercent: 20 };
  it("gives back everything paid online within the free window", () => {
    expect(refundByPolicy({ ...facts, inFreeWindow: true })).toEqual({ refund: 30_000, fee: 0 });
  });
  it("keeps the fee after it and refunds the rest, never more than was paid online", () => {
    expect(refundByPolicy({ ...facts, inFreeWindow: false })).toEqual({ refund: 10_000, fee: 20_000 });
    expect(refundByPolicy({ ...facts, inFreeWindow: false, lateCancelFeePercent: 100 })).toEqual({ refund: 0, fee: 30_000 });
    // cash the driver took counts toward the fee; only the online part goes back through the provider
    expect(refundByPolicy({ ...facts, paid: kurus(60_000), inFreeWindow: true })).toEqual({ refund: 30_000, fee: 0 });
    expect(refundByPolicy({ ...facts, paid: kurus(60_000), inFreeWindow: false })).toEqual({ refund: 30_000, fee: 20_000 });
  });
});
