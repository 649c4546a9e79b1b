import { describe, expect, it } from "vitest";
import { ErrorEnvelope } from "./api-schemas";
import { BAD_JSON, JSON_TOO_LARGE, jsonBodyError, PUBLIC_JSON_LIMIT, readJsonBody } from "./json.server";
import { JSON_BODY_LIMIT } from "./request-policy";

const post = (body: string, headers: Record<string, string> = {}) =>
  new Request("http://localhost/api/x", { method: "POST", body, headers: { "content-type": "application/json", ...headers } });

describe("readJsonBody", () => {
  it("gives the JSON object of the body", async () => {
    expect(await readJsonBody(post('{"a":1,"b":"ç"}'))).toEqual({ ok: true, body: { a: 1, b: "ç" } });
  });

  it("refuses what is not a JSON object with the bad-JSON code", async () => {
    for (const text of ["{oops", "", "[1,2]", "null", '"text"', "42"]) {
      expect(await readJsonBody(post(text)), text).toEqual({ ok: false, problem: BAD_JSON });
    }
  });

  it("refuses a body over the limit, declared or actual, with the too-large code", async () => {
    const big = JSON.stringify({ notes: "x".repeat(PUBLIC_JSON_LIMIT) });
    expect(await readJsonBody(post(big), { maxBytes: PUBLIC_JSON_LIMIT })).toEqual({ ok: false, problem: JSON_TOO_LARGE });
    expect(await readJsonBody(post("{}", { "content-length": String(JSON_BODY_LIMIT + 1) }))).toEqual({ ok: false, problem: JSON_TOO_LARGE });
    // Counted in bytes: 20 000 two-byte letters are over 32 KB.
    expect(await readJsonBody(post(JSON.stringify({ n: "ş".repeat(20_000) })), { maxBytes: PUBLIC_JSON_LIMIT })).toMatchObject({ ok: false });
    // The admin API's limit is the adapter's.
    expect(await readJsonBody(post(big))).toMatchObject({ ok: true });
  });
});

describe("jsonBodyError", () => {
  it("answers 400 bad_request or 413 payload_too_large in Turkish, keeping the code", async () => {
    const bad = jsonBodyError(BAD_JSON);
    expect(bad.init?.status).toBe(400);
    expect(bad.data).toEqual({
      success: false,
      error: { code: "bad_request", message: "İstek gövdesi bir JSON nesnesi olmalıdır.", reason: "booking:errors.badJson" },
    });
    const large = jsonBodyError(JSON_TOO_LARGE);
    expect(large.init?.status).toBe(413);
    expect(large.data.error).toMatchObject({ code: "payload_too_large", reason: "booking:errors.payloadTooLarge" });
    // …in the envelope the OpenAPI document describes.
    expect(ErrorEnvelope.safeParse(bad.data).success).toBe(true);
  });
});
