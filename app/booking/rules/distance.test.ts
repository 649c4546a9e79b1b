import { describe, expect, it } from "vitest";
import { parseDistanceText } from "./distance";

describe("parseDistanceText", () => {
  it("keeps only digits and the dot", () => {
    expect(parseDistanceText("31.4 km")).toBe(31.4);
    expect(parseDistanceText("1,234.5 km")).toBe(1234.5);
    expect(parseDistanceText("  85 km ")).toBe(85);
    expect(parseDistanceText("≈ 12 км")).toBe(12);
  });
  it("gives null when there is no number", () => {
    expect(parseDistanceText("")).toBeNull();
    expect(parseDistanceText("km")).toBeNull();
    expect(parseDistanceText(null)).toBeNull();
    expect(parseDistanceText(undefined)).toBeNull();
  });
});
