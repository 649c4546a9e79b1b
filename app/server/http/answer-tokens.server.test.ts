import { randomUUID } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { answerToken, cutAtTokens, deflateParts, fillTokens, gzipFilled, keepAnswerUntil, type AnswerScope } from "./answer-tokens.server";
import { readScope } from "../db/table-watch.server";

describe("answers with tokens of their own", () => {
  it("records the tokens and the earliest end of the answer being made, and nothing outside one", () => {
    const scope: AnswerScope = { tables: new Set() };
    const token = readScope(scope, () => {
      keepAnswerUntil(2_000);
      keepAnswerUntil(1_000);
      keepAnswerUntil(3_000);
      return answerToken();
    });
    expect(scope.tokens).toEqual([token]);
    expect(scope.until).toBe(1_000);
    expect(answerToken()).not.toBe(token);
  });

  it("cuts a body at every occurrence of its tokens and fills fresh ones in, plain and gzipped", async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const page = `${a}<input value="${a}">${"<p>cars</p>".repeat(3000)}<script>"${b}","${a}"</script>end`;
    const cut = cutAtTokens(Buffer.from(page), [a, b]);
    expect(cut.parts).toHaveLength(5);
    expect(cut.slots).toEqual([0, 0, 1, 0]);
    const fresh = [randomUUID(), randomUUID()];
    const filled = fillTokens(cut, fresh);
    expect(filled.toString()).toBe(page.replaceAll(a, fresh[0]!).replaceAll(b, fresh[1]!));
    const deflated = await deflateParts(cut);
    const gzipped = gzipFilled({ ...cut, deflated }, fresh, filled);
    expect(gunzipSync(gzipped).equals(filled)).toBe(true);
    expect(gzipped.length).toBeLessThan(filled.length / 10);
  });

  it("keeps a body without tokens whole", async () => {
    const cut = cutAtTokens(Buffer.from("no token here"), [randomUUID()]);
    expect(cut.parts.map(String)).toEqual(["no token here"]);
    const filled = fillTokens(cut, []);
    expect(gunzipSync(gzipFilled({ ...cut, deflated: await deflateParts(cut) }, [], filled)).toString()).toBe("no token here");
  });
});
