import { describe, expect, it } from "vitest";
import { problem } from "~/i18n/problem";
import { bookingFieldProblems } from "~/i18n/problem";
import { validationProblem } from "./validation.server";

describe("field problems for the API", () => {
  it("reads bare keys in the namespace, keeps codes and Problems, and falls back for library text", () => {
    expect(
      bookingFieldProblems({
        pickup: ["errors.selectLocation", "errors.selectLocation"],
        dropoff: ["booking:errors.samePlace"],
        date: [problem("booking:errors.datePast")],
        passengers: ["Invalid input: expected number, received NaN"],
        luggage: null,
      }),
    ).toEqual({
      pickup: [{ code: "booking:errors.selectLocation" }],
      dropoff: [{ code: "booking:errors.samePlace" }],
      date: [{ code: "booking:errors.datePast" }],
      passengers: [{ code: "booking:errors.invalid" }],
    });
    expect(bookingFieldProblems({ pickup: ["errors.selectLocation"] }, (f) => `legs.0.${f}`)).toEqual({ "legs.0.pickup": [{ code: "booking:errors.selectLocation" }] });
  });

  it("answers 400 validation_failed with Turkish messages and the codes beside them", () => {
    const answer = validationProblem({ dropoff: [problem("booking:errors.samePlace")] });
    expect(answer.init?.status).toBe(400);
    expect(answer.data.error).toMatchObject({
      code: "validation_failed",
      reason: "booking:errors.checkFields",
      message: "Bazı alanlar geçerli değil.",
      fieldCodes: { dropoff: ["booking:errors.samePlace"] },
    });
    expect(answer.data.error.fields?.dropoff?.[0]).toMatch(/\S/);
  });

  it("tells an API caller the places an ambiguous text may mean, with their ids, instead of 'choose below'", async () => {
    const { createPlaceServices } = await import("~/places/service.server");
    const { planTrip } = await import("~/booking/index.server");
    const places = createPlaceServices({ ROUTING_PROVIDER: "builtin" }, { warn: () => {} });
    const planned = await planTrip(places, { tripType: "oneWay", pickup: { text: "AYT" }, dropoff: { text: "Kem" } }, "tr");
    if (planned.ok) throw new Error("expected the ambiguous drop-off to be refused");
    const answer = validationProblem(planned.fields);
    expect(answer.data.error.fieldCodes).toEqual({ dropoff: ["booking:errors.ambiguousPlace"] });
    expect(answer.data.error.fields?.dropoff?.[0]).toContain("Kemer, Antalya (kemer-antalya)");
    expect(answer.data.error.fields?.dropoff?.[0]).toContain("place id");
  });
});
