/**
 * Answers the page cache keeps although each visitor must get something of their own (issue 32):
 * the results page holds a per-render idempotency key, so two visitors served the same kept page
 * must never share it. A route asks for such a value with `answerToken()`; the page cache keeps the
 * answer cut at every place the token appears and fills in a fresh one for each request it serves.
 * The compressed copy is cut the same way: each piece deflated on its own (ending byte-aligned,
 * nothing referring back across a cut), the fresh token sent between them as a stored block, so a
 * kept page goes out gzipped without compressing it again per request.
 * A route also says until when its answer holds (`keepAnswerUntil`): a search's quote turns into
 * "too soon to book online" at a time no table change announces.
 */
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { constants as zlibConstants, crc32, deflateRaw } from "node:zlib";
import { currentReadScope, type ReadScope } from "../db/table-watch.server";

const deflateRawAsync = promisify(deflateRaw);

/** What the page cache records while an answer is made: the tables it read, its tokens, its end. */
export interface AnswerScope extends ReadScope {
  tokens?: string[];
  /** epoch ms after which the answer may not be served again */
  until?: number;
}

/** A value of this answer alone (a random UUID): a kept copy of the answer gets a fresh one per request. */
export function answerToken(): string {
  const token = randomUUID();
  const scope = currentReadScope() as AnswerScope | undefined;
  if (scope) (scope.tokens ??= []).push(token);
  return token;
}

/** The answer being made may be served again until `at` (epoch ms; the earliest of several calls counts). */
export function keepAnswerUntil(at: number): void {
  const scope = currentReadScope() as AnswerScope | undefined;
  if (scope) scope.until = Math.min(scope.until ?? Infinity, at);
}

/** A kept answer cut at its tokens: `parts[i]`, then token `slots[i]`, …, then the last part. */
export interface CutAnswer {
  parts: Buffer[];
  slots: number[];
  /** the parts deflated (raw, each ending byte-aligned; the last one final), made off the request */
  deflated?: Buffer[];
  /** the deflating has started (on the first request that takes gzip: most searches are asked once) */
  deflating?: boolean;
}

/** `body` cut at every occurrence of any of `tokens` (ASCII, as UUIDs are). */
export function cutAtTokens(body: Buffer, tokens: readonly string[]): CutAnswer {
  return cutAtTexts(body, tokens);
}

/**
 * `body` cut at every occurrence of any of `texts` (UTF-8): the longer text wins where two
 * overlap, a text equal to an earlier one is cut as that one, an empty text nowhere.
 */
export function cutAtTexts(body: Buffer, texts: readonly string[]): CutAnswer {
  const found: Array<{ at: number; end: number; slot: number }> = [];
  const order = texts.map((text, slot) => ({ text: Buffer.from(text, "utf8"), slot })).filter(({ text, slot }) => text.length > 0 && texts.indexOf(texts[slot]!) === slot);
  order.sort((a, b) => b.text.length - a.text.length);
  const taken = (at: number, end: number) => found.some((f) => at < f.end && f.at < end);
  for (const { text, slot } of order) {
    for (let at = body.indexOf(text); at !== -1; at = body.indexOf(text, at + text.length)) {
      if (!taken(at, at + text.length)) found.push({ at, end: at + text.length, slot });
    }
  }
  found.sort((a, b) => a.at - b.at);
  const parts: Buffer[] = [];
  let from = 0;
  for (const { at, end } of found) {
    parts.push(body.subarray(from, at));
    from = end;
  }
  parts.push(body.subarray(from));
  return { parts, slots: found.map((f) => f.slot) };
}

/** The answer with `fresh[slot]` in every cut. */
export function fillTokens(cut: CutAnswer, fresh: readonly string[]): Buffer {
  const pieces: Buffer[] = [];
  cut.parts.forEach((part, i) => {
    pieces.push(part);
    if (i < cut.slots.length) pieces.push(Buffer.from(fresh[cut.slots[i]!]!, "utf8"));
  });
  return Buffer.concat(pieces);
}

/** Deflates each part on its own (raw deflate; every part but the last flushed to a byte boundary). */
export async function deflateParts(cut: CutAnswer): Promise<Buffer[]> {
  const last = cut.parts.length - 1;
  return Promise.all(cut.parts.map((part, i) => deflateRawAsync(part, { level: 6, finishFlush: i === last ? zlibConstants.Z_FINISH : zlibConstants.Z_SYNC_FLUSH })));
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/** A deflate stored block (not final) holding `data` (under 64 KB), to follow a byte-aligned flush. */
function storedBlock(data: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head[0] = 0; // BFINAL 0, BTYPE 00, padded to the byte
  head.writeUInt16LE(data.length, 1);
  head.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([head, data]);
}

/** The gzip answer of `plain` (the filled answer) from the deflated parts and the fresh tokens. */
export function gzipFilled(cut: CutAnswer & { deflated: Buffer[] }, fresh: readonly string[], plain: Buffer): Buffer {
  const pieces: Buffer[] = [GZIP_HEADER];
  cut.deflated.forEach((part, i) => {
    pieces.push(part);
    if (i < cut.slots.length) pieces.push(storedBlock(Buffer.from(fresh[cut.slots[i]!]!, "utf8")));
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(plain) >>> 0, 0);
  trailer.writeUInt32LE(plain.length >>> 0, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}
