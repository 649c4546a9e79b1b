/**
 * New searches served at the speed of kept pages (issue 32). Two searches that differ only in their
 * date and time show the same page but for a handful of texts (the "when" lines, the policy's
 * deadlines, the date and time in the page's links and data) as long as the loader's answer is the
 * same apart from those texts: the same cars free, the same prices, the same terms. So the page
 * cache keeps, besides each search's own page, a template per family of searches (the request's
 * page-cache key with its date and time left out) and per loader answer (its fingerprint: the
 * answer with every date text replaced by its slot's name), cut at those texts and at the answer's
 * tokens (answer-tokens.server.ts); a new search runs the loader alone, finds the template of its
 * answer and gets it filled with its own texts: no render, no route matching.
 *
 * A template is trusted slot by slot: its first page is cut where its texts appear, and a slot is
 * used only after a later page of the same template, whose text in that slot differs, was rendered
 * in full and found byte for byte equal to the template filled with its texts (a text that appears
 * on the page by coincidence, or a date text not listed here, makes them differ, and the template
 * is made again). The texts come from the formatters the page itself uses
 * (app/booking/rules/date-text.ts).
 */
import { createHash } from "node:crypto";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { LoaderFunctionArgs, RouterContextProvider } from "react-router";
import { formatWhen } from "~/booking/rules/date-text";
import { policyDeadlineTexts, policyOf } from "~/booking/rules/self-service";
import { getLanguage, setRequestLanguage } from "~/i18n/i18next.server";
import type { Settings } from "~/settings/settings";
import { readScope } from "../db/table-watch.server";
import type { AnswerScope } from "./answer-tokens.server";

/** The search's parameters whose values a template leaves out (filled per request). */
const DATE_PARAMS = ["date", "time", "returnDate", "returnTime"] as const;
const DATE_VALUE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_VALUE = /^\d{2}:\d{2}$/;

/** One request's part in a template: which template, and what it fills in. */
export interface SearchFill {
  /** the template's key: the family (the page-cache key without the dates) and the answer's fingerprint */
  bucket: string;
  /** the answer's own tokens (the idempotency key), as many as the template's */
  tokens: string[];
  /** the request's texts for the template's date slots, in slot order */
  values: string[];
}

/** Finds a request's template and texts; null when the request is not a search a template can answer. */
export interface SearchTemplater {
  prepare(req: ExpressRequest, res: ExpressResponse, key: string): Promise<SearchFill | null>;
  /**
   * Tables a template does not depend on: the loader reads them afresh for every fill and the
   * fingerprint holds what they decide (which cars are free), and no other part of the page reads
   * them. A booking then keeps the templates (its day's searches get another answer, so another template).
   */
  freshTables: readonly string[];
}

/** The bookings and a party's further cars: read by the results page only through its loader's availability. */
export const FRESH_TABLES = ["bookings", "booking_cars"] as const;

type Loader = (args: LoaderFunctionArgs) => unknown;

export interface SearchTemplaterOptions {
  /** the results page's loader, as the router runs it */
  loader: Loader;
  /** the router context of a request (the app's; the language is added here) */
  contextOf(req: ExpressRequest, res: ExpressResponse): RouterContextProvider;
  /** the request's origin, as the router sees it */
  originOf(req: ExpressRequest): string;
  settings(): Promise<Settings>;
}

/** The raw query with the date parameters' values left out; null when they are not each given once in the canonical form. */
export function familyQuery(query: string): { query: string; dates: Partial<Record<(typeof DATE_PARAMS)[number], string>> } | null {
  const dates: Partial<Record<(typeof DATE_PARAMS)[number], string>> = {};
  const parts = query.replace(/^\?/, "").split("&");
  const kept = parts.map((part) => {
    const name = part.slice(0, part.indexOf("=") === -1 ? part.length : part.indexOf("="));
    if (!(DATE_PARAMS as readonly string[]).includes(name)) return part;
    const key = name as (typeof DATE_PARAMS)[number];
    if (dates[key] !== undefined) return null;
    const value = part.slice(name.length + 1);
    // only the canonical forms are taken (below): anything escaped but a time's colon is not one
    dates[key] = value.replace(/%3A/gi, ":");
    return `${name}=`;
  });
  if (kept.includes(null) || dates.date === undefined || dates.time === undefined) return null;
  if (!DATE_VALUE.test(dates.date) || !TIME_VALUE.test(dates.time)) return null;
  if (dates.returnDate !== undefined && !DATE_VALUE.test(dates.returnDate)) return null;
  if (dates.returnTime !== undefined && !TIME_VALUE.test(dates.returnTime)) return null;
  return { query: `?${kept.join("&")}`, dates };
}

/** The results loader's answer as far as the templates read it. */
interface Answer {
  outcome?: { kind?: string };
  search?: { pickupAt?: string; returnAt?: string | null };
}

/**
 * The date texts of a search's page, longest kinds first: the "when" lines, the policy's
 * deadlines, the pickup instants, then the date and time as the URL carries them (once and twice
 * encoded: the links and the links inside links).
 */
export function dateTexts(answer: Required<Answer>["search"], dates: Partial<Record<(typeof DATE_PARAMS)[number], string>>, lng: Parameters<typeof formatWhen>[1], settings: Settings): string[] {
  const pickupAt = answer.pickupAt!;
  const returnAt = answer.returnAt ?? null;
  const deadlines = policyDeadlineTexts(lng, pickupAt, policyOf(settings));
  const once = (text: string) => encodeURIComponent(text);
  const texts = [formatWhen(pickupAt, lng), returnAt ? formatWhen(returnAt, lng) : "", deadlines.cancelBy, deadlines.changeBy, pickupAt, returnAt ?? ""];
  texts.push(dates.date!, once(dates.time!), once(once(dates.time!)));
  texts.push(dates.returnDate ?? "", dates.returnTime ? once(dates.returnTime) : "", dates.returnTime ? once(once(dates.returnTime)) : "");
  return texts;
}

/**
 * Which slots are empty and which repeat an earlier one ("0,1,-,2,2…"): two searches share a
 * template only when their texts fall out alike (a slot equal to an earlier one is cut as that one).
 */
export function slotPattern(values: readonly string[]): string {
  return values.map((value, i) => (value === "" ? "-" : String(values.indexOf(value) === i ? i : values.indexOf(value)))).join(",");
}

/** The answer with its tokens and date texts replaced by their slots' names (longest texts first). */
export function fingerprint(answer: unknown, tokens: readonly string[], values: readonly string[]): string {
  let json = JSON.stringify(answer);
  const named = [...tokens.map((text, i) => ({ text, name: `\u0000t${i}\u0000` })), ...values.map((text, i) => ({ text, name: `\u0000d${i}\u0000` }))]
    .filter((slot) => slot.text !== "")
    .sort((a, b) => b.text.length - a.text.length);
  for (const { text, name } of named) json = json.split(JSON.stringify(text).slice(1, -1)).join(name);
  return createHash("sha1").update(json).digest("base64url");
}

export function searchTemplater(options: SearchTemplaterOptions): SearchTemplater {
  return {
    freshTables: FRESH_TABLES,
    async prepare(req, res, key) {
      const mark = req.originalUrl.indexOf("?");
      if (mark === -1) return null;
      const path = req.originalUrl.slice(0, mark);
      const query = req.originalUrl.slice(mark);
      const family = familyQuery(query);
      if (!family || !key.startsWith(`${path}${query}|`)) return null;
      const context = options.contextOf(req, res);
      const headers = new Headers();
      for (const name of ["cookie", "accept-language"]) {
        const value = req.get(name);
        if (value) headers.set(name, value);
      }
      const url = new URL(req.originalUrl, options.originOf(req));
      const request = new Request(url, { headers });
      await setRequestLanguage(request, context);
      const scope: AnswerScope = { tables: new Set() };
      const answer = (await readScope(scope, () => options.loader({ request, url, pattern: path, context, params: {} }))) as Answer;
      if (answer?.outcome?.kind !== "ok" || !answer.search?.pickupAt) return null;
      const values = dateTexts(answer.search, family.dates, getLanguage(context), await options.settings());
      const tokens = scope.tokens ?? [];
      const bucket = `${path}${family.query}${key.slice(path.length + query.length)}|${slotPattern(values)}|${tokens.length}|${fingerprint(answer, tokens, values)}`;
      return { bucket, tokens, values };
    },
  };
}
