import { describe, expect, it } from "vitest";
import { kurus } from "~/utils/money";
import { checkExtraChoices, type Extra } from "./extras";

const names = { tr: "x", en: "x", de: "x", ru: "x" };
const extra = (code: string, maxQuantity = 3): Extra => ({ id: code, code, names, price: kurus(30_000), pricing: "unit", maxQuantity, needsText: false, active: true, sortOrder: 0 });
const offer = [extra("infant-seat", 2), extra("child-seat"), extra("booster-seat"), extra("extra-stop")];

describe("child seats and passengers", () => {
  it("takes as many child seats as passengers", () => {
    const { chosen, fields } = checkExtraChoices(
      [
        { code: "infant-seat", quantity: 1 },
        { code: "child-seat", quantity: 1 },
        { code: "booster-seat", quantity: 2 },
        { code: "extra-stop", quantity: 3 },
      ],
      offer,
      { passengers: 4 },
    );
    expect(fields).toEqual({});
    expect(chosen.map((c) => [c.extra.code, c.quantity])).toEqual([
      ["infant-seat", 1],
      ["child-seat", 1],
      ["booster-seat", 2],
      ["extra-stop", 3],
    ]);
  });

  it("refuses more child seats than passengers, at each child seat asked for", () => {
    const { fields } = checkExtraChoices(
      [
        { code: "infant-seat", quantity: 1 },
        { code: "child-seat", quantity: 2 },
        { code: "extra-stop", quantity: 3 },
      ],
      offer,
      { passengers: 2 },
    );
    const over = [{ code: "booking:errors.childSeatsOverPassengers", params: { passengers: 2 } }];
    expect(fields).toEqual({ "extra.infant-seat": over, "extra.child-seat": over });
  });

  it("does not count seats without the party's passengers (the office's list of extras alone)", () => {
    expect(checkExtraChoices([{ code: "child-seat", quantity: 3 }], offer).fields).toEqual({});
  });
});
