import { describe, expect, it } from "vitest";
import { evaluateWindow } from "./rate-limit.server";

const rule = { limit: 5, windowMs: 60_000 };
const start = new Date("2026-05-01T10:00:00.000Z");

describe("evaluateWindow", () => {
  it("allows hits up to the limit and counts down what remains", () => {
    expect(evaluateWindow(1, start, start, rule)).toEqual({ allowed: true, remaining: 4, retryAfter: 0 });
    expect(evaluateWindow(5, start, new Date(start.getTime() + 10_000), rule)).toEqual({ allowed: true, remaining: 0, retryAfter: 0 });
  });

  it("refuses the hit after the limit and says when the window resets", () => {
    const result = evaluateWindow(6, start, new Date(start.getTime() + 15_000), rule);
    expect(result).toEqual({ allowed: false, remaining: 0, retryAfter: 45 });
  });

  it("never asks to wait less than a second", () => {
    expect(evaluateWindow(9, start, new Date(start.getTime() + 59_999), rule).retryAfter).toBe(1);
  });
});
