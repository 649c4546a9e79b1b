import { describe, expect, it } from "vitest";
import { bookingReference, REFERENCE_ALPHABET, REFERENCE_PATTERN } from "./reference";

describe("bookingReference", () => {
  it("looks like VT-7K3Q9X without look-alike characters", () => {
    for (let i = 0; i < 200; i++) {
      const ref = bookingReference();
      expect(ref).toMatch(REFERENCE_PATTERN);
      expect(ref.slice(3)).not.toMatch(/[01OI]/);
    }
  });
  it("maps random bytes onto the alphabet", () => {
    expect(bookingReference(() => new Uint8Array([0, 1, 31, 32, 255, 100]))).toBe(
      `VT-${REFERENCE_ALPHABET[0]}${REFERENCE_ALPHABET[1]}${REFERENCE_ALPHABET[31]}${REFERENCE_ALPHABET[0]}${REFERENCE_ALPHABET[31]}${REFERENCE_ALPHABET[4]}`,
    );
  });
  it("is practically unique", () => {
    const seen = new Set(Array.from({ length: 2000 }, () => bookingReference()));
    expect(seen.size).toBe(2000);
  });
});
