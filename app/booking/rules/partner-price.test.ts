import { describe, expect, it } from "vitest";
import { kurus } from "~/utils/money";
import { netPrice, partnerCommission } from "./partner-price";

describe("a partner's commission and net", () => {
  it("is the rate's share of the price, rounded to the kuruş, and the net is the rest", () => {
    expect(partnerCommission(kurus(250_000), 1250)).toBe(31_250);
    expect(partnerCommission(kurus(99_999), 1250)).toBe(12_500);
    expect(partnerCommission(kurus(100), 1)).toBe(0);
    expect(partnerCommission(kurus(150), 1)).toBe(0);
    expect(partnerCommission(kurus(250_000), 0)).toBe(0);
    expect(netPrice(kurus(250_000), partnerCommission(kurus(250_000), 1250))).toBe(218_750);
  });

  it("never gives away more than the price, nor takes a negative share", () => {
    expect(partnerCommission(kurus(1000), 20_000)).toBe(1000);
    expect(partnerCommission(kurus(1000), -500)).toBe(0);
  });
});
