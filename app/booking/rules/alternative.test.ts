import { describe, expect, it } from "vitest";
import { alternativeTo, classRank } from "./alternative";

const quote = (id: string, category: string, total: number, unavailable: string | null = null) => ({ car: { id, category }, price: { total }, unavailable });

describe("the car offered when the chosen one was taken", () => {
  it("is the cheapest free car of the same class or higher, the higher class where the price is equal", () => {
    const taken = { id: "e-class", category: "Sedan" };
    const quotes = [quote("e-class", "Sedan", 1000, "booking"), quote("golf", "Hatchback", 600), quote("passat", "Sedan", 1100), quote("s-class", "Luxury", 1100), quote("v-class", "VIP", 2000)];
    expect(alternativeTo(quotes, taken)?.car.id).toBe("s-class");
    expect(alternativeTo(quotes.filter((q) => q.car.id !== "s-class"), taken)?.car.id).toBe("passat");
  });

  it("offers nothing of a lower class, nothing busy", () => {
    const quotes = [quote("golf", "Hatchback", 600), quote("s-class", "Luxury", 1100, "booking")];
    expect(alternativeTo(quotes, { id: "e-class", category: "Sedan" })).toBeNull();
  });

  it("ranks categories from the everyday car up; an unknown one below them all", () => {
    expect(classRank("Hatchback")).toBeLessThan(classRank("Sedan"));
    expect(classRank("MINIBÜS")).toBe(classRank("Minibüs"));
    expect(classRank("Ultra Luxury")).toBeGreaterThan(classRank("VIP"));
    expect(classRank("Limousine")).toBeLessThan(classRank("Hatchback"));
  });
});
