import { describe, expect, it } from "vitest";
import { allowedNextStatuses, canChangeStatus, toggleTarget } from "~/booking/rules/status";

describe("booking status rules", () => {
  it("allows pending → confirmed → completed, cancel from pending or confirmed, and the pending ↔ completed toggle", () => {
    expect(canChangeStatus("pending", "confirmed")).toBe(true);
    expect(canChangeStatus("confirmed", "completed")).toBe(true);
    expect(canChangeStatus("pending", "cancelled")).toBe(true);
    expect(canChangeStatus("confirmed", "cancelled")).toBe(true);
    expect(canChangeStatus("pending", "completed")).toBe(true);
    expect(canChangeStatus("completed", "pending")).toBe(true);
  });

  it("refuses everything else", () => {
    expect(canChangeStatus("completed", "cancelled")).toBe(false);
    expect(canChangeStatus("completed", "confirmed")).toBe(false);
    expect(canChangeStatus("confirmed", "pending")).toBe(false);
    expect(allowedNextStatuses("cancelled")).toEqual([]);
    expect(canChangeStatus("pending", "pending")).toBe(false);
  });

  it("toggles only between pending and completed", () => {
    expect(toggleTarget("pending")).toBe("completed");
    expect(toggleTarget("completed")).toBe("pending");
    expect(toggleTarget("confirmed")).toBeUndefined();
    expect(toggleTarget("cancelled")).toBeUndefined();
  });
});
