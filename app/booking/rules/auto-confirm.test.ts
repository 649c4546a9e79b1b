import { describe, expect, it } from "vitest";
import { autoConfirmHold, type AutoConfirmFacts } from "./auto-confirm";

const facts = (over: Partial<AutoConfirmFacts> = {}): AutoConfirmFacts => ({
  settings: { autoConfirm: true, autoConfirmMaxPassengers: 8 },
  office: false,
  passengers: 2,
  payNow: 0,
  tooSoon: false,
  overridden: false,
  ...over,
});

describe("instant confirmation", () => {
  it("confirms a visitor's booking when nothing asks for a person", () => {
    expect(autoConfirmHold(facts())).toBeNull();
    expect(autoConfirmHold(facts({ passengers: 8 }))).toBeNull();
  });

  it("names the rule that keeps a booking for a person", () => {
    expect(autoConfirmHold(facts({ settings: { autoConfirm: false, autoConfirmMaxPassengers: 8 } }))).toBe("off");
    expect(autoConfirmHold(facts({ office: true }))).toBe("office");
    expect(autoConfirmHold(facts({ overridden: true }))).toBe("carTaken");
    expect(autoConfirmHold(facts({ passengers: 9 }))).toBe("passengers");
    expect(autoConfirmHold(facts({ payNow: 1 }))).toBe("payment");
    expect(autoConfirmHold(facts({ tooSoon: true }))).toBe("leadTime");
  });
});
