import { describe, expect, it } from "vitest";
import { canonicalJson, isMismatch, requestHash } from "./idempotency";

describe("idempotency request hash", () => {
  it("ignores key order and whitespace, nothing else", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: "é" } })).toBe('{"a":{"c":"é","d":[1,{"x":1,"y":2}]},"b":1}');
    expect(requestHash(JSON.parse('{ "a": 1, "b": [2, 3] }'))).toBe(requestHash({ b: [2, 3], a: 1 }));
    expect(requestHash({ a: 1, b: [2, 3] })).not.toBe(requestHash({ a: 1, b: [3, 2] }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: "1" }));
  });

  it("calls it a mismatch only when both hashes exist and differ", () => {
    expect(isMismatch("x", "y")).toBe(true);
    expect(isMismatch("x", "x")).toBe(false);
    expect(isMismatch(null, "y")).toBe(false);
    expect(isMismatch("x", null)).toBe(false);
  });
});
