import { describe, expect, it } from "vitest";
import { formatDistanceKm, formatDuration } from "./format";
import { km } from "./units";

describe("formatDistanceKm", () => {
  it("rounds to whole kilometres", () => {
    expect(formatDistanceKm(km(31.4), "tr")).toBe("31 km");
    expect(formatDistanceKm(km(31.5), "en")).toBe("32 km");
    expect(formatDistanceKm(km(12), "de")).toBe("12 km");
    expect(formatDistanceKm(km(12), "ru")).toBe("12 км");
  });
  it("groups thousands the local way", () => {
    expect(formatDistanceKm(km(1234), "en")).toBe("1,234 km");
    expect(formatDistanceKm(km(1234), "tr")).toBe("1.234 km");
  });
});

describe("formatDuration", () => {
  it("writes hours and minutes in Turkish as the spec says", () => {
    expect(formatDuration(3900, "tr")).toBe("1 saat 5 dk");
    expect(formatDuration(45 * 60, "tr")).toBe("45 dk");
    expect(formatDuration(2 * 3600, "tr")).toBe("2 saat");
  });
  it("writes the natural equivalent in English, German and Russian", () => {
    expect(formatDuration(3900, "en")).toBe("1 h 5 min");
    expect(formatDuration(45 * 60, "en")).toBe("45 min");
    expect(formatDuration(3900, "de")).toBe("1 Std. 5 Min.");
    expect(formatDuration(45 * 60, "de")).toBe("45 Min.");
    expect(formatDuration(3900, "ru")).toBe("1 ч 5 мин");
    expect(formatDuration(45 * 60, "ru")).toBe("45 мин");
  });
  it("shows at least one minute", () => {
    expect(formatDuration(10, "en")).toBe("1 min");
  });
});
