/**
 * The public pages and the public JSON, served from memory (issue 17). The site changes only when
 * the office edits cars, settings, routes, extras…, so a rendered answer is kept per URL and
 * reader (language, currency, business day) and served again until a table it read changes:
 * - what an answer depends on is recorded while it is made: every table its queries read
 *   (app/server/db/table-watch.server.ts), so an edit invalidates exactly the answers that read
 *   that table, on this instance at commit and on the others through PostgreSQL (cache-notify);
 * - an answer is kept only when it is public: a GET of a listed public path, without a session
 *   cookie or an Authorization header, answered 200 with no cookie but the `lng`/`cur` choice its
 *   URL asked for. Forms with errors (POST), /my-booking, the driver pages and the admin never are;
 * - an answer whose tables changed while it was being made is not kept (`TableChanges.since`);
 * - each kept answer has an ETag (If-None-Match gets 304) and `Cache-Control` lets a CDN or proxy
 *   keep it too (`s-maxage` + `stale-while-revalidate`), varying on the language and cookies;
 * - compressed copies (Brotli, gzip) are made once, off the request.
 * A page's Content-Security-Policy nonce is kept with it: the page and its policy are one answer,
 * and every change of what the page shows renders it anew with a new nonce.
 * The results page (issue 32) is kept too, although it holds a per-render idempotency key: it is
 * kept cut at its tokens and served with fresh ones (answer-tokens.server.ts), never to a CDN or
 * with an ETag (each answer is its own), and only until the time its route named (the quote turns
 * "too soon" at the lead time).
 */
import { randomUUID } from "node:crypto";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { toBusinessParts } from "~/booking/rules/datetime";
import { isLanguage, LANGUAGES } from "~/i18n/config";
import { ANY_TABLE, readScope, type TableChanges } from "../db/table-watch.server";
import { cutAtTexts, cutAtTokens, deflateParts, fillTokens, gzipFilled, type AnswerScope, type CutAnswer } from "./answer-tokens.server";
import type { SearchFill, SearchTemplater } from "./search-templates.server";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Public GET paths whose answers may be kept. Everything else always goes to the router. */
const CACHEABLE_PATHS = new Set([
  "/",
  "/fleet",
  "/services",
  "/about",
  "/contact",
  "/privacy",
  "/terms",
  "/sitemap.xml",
  "/robots.txt",
  "/api/cars",
  "/api/extras",
  "/api/routes",
  "/api/openapi.json",
  // a search's priced cars, with a fresh idempotency key per answer (answer-tokens.server.ts)
  "/booking-results",
  "/booking-results.data",
]);

/**
 * Tables that never decide what a public answer says (rate-limit counters written by the request
 * itself, sessions, outboxes, logs): reading them adds no dependency, and changes to them are not
 * announced to the other instances.
 */
export const OPERATIONAL_TABLES = new Set([
  "rate_limits",
  "login_throttle",
  "sessions",
  "mail_outbox",
  "message_outbox",
  "partner_webhook_deliveries",
  "idempotency_keys",
  "health_checks",
  "audit_log",
  "notifications",
  "kysely_migration",
  "kysely_migration_lock",
]);

/** The `lng` cookie as the app writes it for each language (createCookie: base64 of the JSON value). */
const LANGUAGE_COOKIES = new Set(LANGUAGES.map((lng) => encodeURIComponent(Buffer.from(JSON.stringify(lng)).toString("base64"))));

/** The cookies a public answer may set: the language and currency its own URL chose. */
const CHOICE_COOKIES = /^(?:lng|cur)=/;
const SESSION_COOKIE = /(?:^|;\s*)vt_session=/;
/** Per-request headers never stored with an answer. */
const PER_REQUEST = new Set(["x-request-id", "date", "connection", "keep-alive", "transfer-encoding", "content-length", "etag", "cache-control", "vary", "set-cookie", "content-encoding"]);

/** What a CDN or proxy may do with a kept answer; browsers always revalidate (ETag → 304). */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";
/** An answer with a token of its own: nobody else may keep it (the page cache refills it per request). */
export const OWN_ANSWER_CACHE_CONTROL = "private, no-store";
const VARY = "Accept-Encoding, Accept-Language, Cookie";

interface Entry {
  key: string;
  headers: Array<[string, string | string[]]>;
  setCookies: string[];
  body: Buffer;
  etag: string;
  tables: string[];
  br?: Buffer;
  gzip?: Buffer;
  /** an answer with tokens of its own: cut at them, filled afresh for each request */
  cut?: CutAnswer;
  /** epoch ms from which it is not served */
  until?: number;
  /** a template of new searches (search-templates.server.ts): cut at its tokens, then its date texts */
  template?: Template;
}

/** What a template knows of itself: the texts it was cut at, and which slots a later page proved right. */
interface Template {
  tokens: number;
  /** the page's Content-Security-Policy nonce (kept, as a kept page keeps it; its own slot, last) */
  nonce: string;
  sources: string[];
  trusted: boolean[];
  /** how often a later page differed from it (made again from that page each time) */
  remade: number;
  /** it differed too often: new searches of its kind are rendered */
  unfit?: boolean;
}

/** The nonce of a page's Content-Security-Policy header. */
function nonceOf(headers: Entry["headers"]): string | undefined {
  const policy = headers.find(([name]) => name === "content-security-policy")?.[1];
  return /'nonce-([A-Za-z0-9+/=]{16,})'/.exec(String(policy ?? ""))?.[1];
}

/** A template that differed from a rendered page this often is given up (until a table it read changes). */
const TEMPLATE_TRIES = 3;

export interface PageCacheOptions {
  changes: TableChanges;
  /** Memory for kept bodies (all copies), bytes. */
  maxBytes: number;
  /** False while changes from other instances cannot be heard (the cache then keeps nothing). */
  live?: () => boolean;
  /** New searches from templates (issue 32): finds a request's template and texts. */
  templates?: SearchTemplater;
}

function cookieValue(header: string | undefined, name: string): string {
  if (!header) return "";
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header);
  return match ? match[1]!.trim().slice(0, 32) : "";
}

/** True when If-None-Match names `etag` (or is `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

function setCookiesOf(res: Response): string[] {
  const cookies = res.getHeader("set-cookie");
  return cookies === undefined ? [] : Array.isArray(cookies) ? cookies.map(String) : [String(cookies)];
}

export class PageCache {
  #entries = new Map<string, Entry>();
  #byTable = new Map<string, Set<string>>();
  #bytes = 0;
  /** Answers with tokens (searches), least recently used first: a flood of searches may take half the memory, not the home page's. */
  #cutKeys = new Set<string>();
  #cutBytes = 0;
  #stats = { hits: 0, misses: 0, stored: 0, invalidated: 0, templated: 0 };

  constructor(private readonly options: PageCacheOptions) {
    options.changes.onChange((tables) => this.invalidate(tables));
  }

  get stats() {
    return { ...this.#stats, entries: this.#entries.size, bytes: this.#bytes };
  }

  /** The key of a request's answer, or null when it must not come from (or go into) the cache. */
  keyOf(req: Pick<IncomingMessage, "method" | "url" | "headers">, now = new Date()): string | null {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    const url = req.url ?? "";
    const mark = url.indexOf("?");
    const path = mark === -1 ? url : url.slice(0, mark);
    if (!CACHEABLE_PATHS.has(path)) return null;
    if (req.headers.authorization) return null;
    const cookie = req.headers.cookie;
    if (cookie && SESSION_COOKIE.test(cookie)) return null;
    const query = mark === -1 ? "" : url.slice(mark);
    if (query.length > 512) return null;
    // The language and currency come from the URL, else the cookie, else the browser's languages.
    // (The same order as the app's detection; a value it would not take falls through to the next.)
    const params = new URLSearchParams(query.startsWith("?") ? query.slice(1) : "");
    const kept = cookieValue(cookie, "lng");
    const language = isLanguage(params.get("lng"))
      ? ""
      : LANGUAGE_COOKIES.has(kept)
        ? kept
        : `${kept}|${(req.headers["accept-language"] ?? "").slice(0, 100).replace(/\s+/g, "").toLowerCase()}`;
    const currency = cookieValue(cookie, "cur");
    // Pages show today's date (the search form's first day, the footer's year).
    const day = toBusinessParts(now.toISOString()).date;
    return `${path}${query}|${language}|${currency}|${day}`;
  }

  /** Drops every answer that read one of `tables`. */
  invalidate(tables: readonly string[]) {
    if (tables.includes(ANY_TABLE)) {
      this.#stats.invalidated += this.#entries.size;
      this.clear();
      return;
    }
    for (const table of tables) {
      const keys = this.#byTable.get(table);
      if (!keys) continue;
      this.#byTable.delete(table);
      for (const key of keys) if (this.#drop(key)) this.#stats.invalidated++;
    }
  }

  clear() {
    for (const key of [...this.#entries.keys()]) this.#drop(key);
  }

  #drop(key: string): boolean {
    const entry = this.#entries.get(key);
    if (!entry) return false;
    this.#entries.delete(key);
    this.#bytes -= entry.body.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0) + (entry.cut?.deflated?.reduce((sum, part) => sum + part.length, 0) ?? 0);
    for (const table of entry.tables) this.#byTable.get(table)?.delete(key);
    if (entry.cut) {
      this.#cutKeys.delete(key);
      this.#cutBytes -= entry.body.length;
    }
    return true;
  }

  #store(entry: Entry) {
    this.#drop(entry.key);
    this.#entries.set(entry.key, entry);
    this.#bytes += entry.body.length;
    for (const table of entry.tables) {
      let keys = this.#byTable.get(table);
      if (!keys) this.#byTable.set(table, (keys = new Set()));
      keys.add(entry.key);
    }
    this.#stats.stored++;
    if (entry.cut) {
      this.#cutKeys.add(entry.key);
      this.#cutBytes += entry.body.length;
      for (const key of this.#cutKeys) {
        if (this.#cutBytes <= this.options.maxBytes / 2) break;
        this.#drop(key);
      }
    }
    // Least recently used first out.
    for (const key of this.#entries.keys()) {
      if (this.#bytes <= this.options.maxBytes) break;
      this.#drop(key);
    }
    void this.#compress(entry);
  }

  async #compress(entry: Entry) {
    if (entry.body.length < 1024) return;
    // An answer with tokens is deflated when a client first asks it compressed (#serveFilled).
    if (entry.cut) return;
    try {
      const [br, gz] = await Promise.all([
        brotli(entry.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.body.length } }),
        gzipAsync(entry.body, { level: 9 }),
      ]);
      if (this.#entries.get(entry.key) !== entry) return;
      entry.br = br;
      entry.gzip = gz;
      this.#bytes += br.length + gz.length;
    } catch {
      // An answer without compressed copies is still served (compressed on the fly).
    }
  }

  /** An answer with tokens goes out gzipped from its parts deflated once (no Brotli: it cannot be cut). */
  async #deflateCut(entry: Entry, cut: CutAnswer) {
    if (cut.deflating || entry.body.length < 1024) return;
    cut.deflating = true;
    try {
      const deflated = await deflateParts(cut);
      if (this.#entries.get(entry.key) !== entry) return;
      cut.deflated = deflated;
      this.#bytes += deflated.reduce((sum, part) => sum + part.length, 0);
    } catch {
      // served uncompressed, or compressed on the fly
    }
  }

  /** The kept answer of `key` while it holds (an expired one is dropped). */
  #entry(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry?.until !== undefined && Date.now() >= entry.until) {
      this.#drop(key);
      return undefined;
    }
    return entry;
  }

  /** Whether the kept copy can go out compressed to a client that takes `accepts` (else the app compresses it). */
  #compressedReady(entry: Entry, accepts: string): boolean {
    if (entry.body.length < 1024 || !/\b(?:br|gzip)\b/.test(accepts)) return true;
    return entry.cut ? Boolean(entry.cut.deflated) && /\bgzip\b/.test(accepts) : Boolean(entry.br);
  }

  /**
   * The fast path, before Express: answers a request from a kept answer when there is one (with
   * its compressed copy when the client takes it). False when the request must go on to the app.
   */
  serveKept(req: IncomingMessage, res: ServerResponse, onHit?: () => void): boolean {
    const key = this.keyOf(req);
    if (key === null || !(this.options.live?.() ?? true)) return false;
    const entry = this.#entry(key);
    if (!entry) return false;
    // Not compressed yet: the app's compression middleware does it this once.
    if (!this.#compressedReady(entry, req.headers["accept-encoding"] ?? "")) return false;
    this.#stats.hits++;
    onHit?.();
    this.#serve(entry, req, res);
    return true;
  }

  #serve(entry: Entry, req: IncomingMessage, res: ServerResponse) {
    this.#touch(entry);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (entry.cut) return this.#serveFilled(entry, entry.cut, req, res);
    res.setHeader("ETag", entry.etag);
    res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
    res.setHeader("Vary", VARY);
    res.setHeader("X-Cache", "hit");
    if (entry.setCookies.length > 0) res.setHeader("Set-Cookie", entry.setCookies);
    if (etagMatches(req.headers["if-none-match"], entry.etag)) {
      res.removeHeader("Content-Type");
      res.statusCode = 304;
      res.end();
      return;
    }
    const accepts = req.headers["accept-encoding"] ?? "";
    let body = entry.body;
    if (entry.br && /\bbr\b/.test(accepts)) {
      body = entry.br;
      res.setHeader("Content-Encoding", "br");
    } else if (entry.gzip && /\bgzip\b/.test(accepts)) {
      body = entry.gzip;
      res.setHeader("Content-Encoding", "gzip");
    }
    res.setHeader("Content-Length", body.length);
    res.statusCode = 200;
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** Most recently used last (the least recently used go first when memory runs short). */
  #touch(entry: Entry) {
    this.#entries.delete(entry.key);
    this.#entries.set(entry.key, entry);
    if (entry.cut) {
      this.#cutKeys.delete(entry.key);
      this.#cutKeys.add(entry.key);
    }
  }

  /**
   * An answer with tokens of its own: fresh ones filled in (or `texts`: a template's), gzipped
   * from its deflated parts when the client takes it.
   */
  #serveFilled(entry: Entry, cut: CutAnswer, req: IncomingMessage, res: ServerResponse, texts?: readonly string[]) {
    res.setHeader("Cache-Control", OWN_ANSWER_CACHE_CONTROL);
    res.setHeader("Vary", VARY);
    res.setHeader("X-Cache", texts ? "template" : "hit");
    if (entry.setCookies.length > 0) res.setHeader("Set-Cookie", entry.setCookies);
    const fresh = texts ?? Array.from({ length: cut.slots.length === 0 ? 0 : Math.max(...cut.slots) + 1 }, () => randomUUID());
    let body = fillTokens(cut, fresh);
    const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
    // Not asked compressed, or the middleware's compression takes it this time (the parts are deflated from now).
    if (gzip && !cut.deflated) void this.#deflateCut(entry, cut);
    if (gzip && cut.deflated) {
      body = gzipFilled({ ...cut, deflated: cut.deflated }, fresh, body);
      res.setHeader("Content-Encoding", "gzip");
    }
    res.setHeader("Content-Length", body.length);
    res.statusCode = 200;
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** Serves kept answers; lets the router make the others and keeps those that may be kept. */
  middleware(): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      const key = this.keyOf({ method: req.method, url: req.originalUrl, headers: req.headers });
      if (key === null) {
        // A public path asked with a session: the answer may be personal, so nobody keeps it.
        if (CACHEABLE_PATHS.has(req.path)) res.setHeader("Cache-Control", "private, no-cache");
        return next();
      }
      const live = this.options.live?.() ?? true;
      const entry = live ? this.#entry(key) : undefined;
      if (entry) {
        this.#stats.hits++;
        return this.#serve(entry, req, res);
      }
      if (live && req.method === "GET" && this.options.templates && req.path === "/booking-results") {
        void this.#fromTemplate(this.options.templates, key, req, res, next);
        return;
      }
      this.#stats.misses++;
      res.setHeader("X-Cache", "miss");
      if (!live || req.method !== "GET") return next();
      this.#capture(key, req, res, next);
    };
  }

  /**
   * A new search: its loader's answer finds its template, filled with its texts; without one (or
   * with slots not yet proved for its texts) it is rendered, and the page makes or proves the template.
   */
  async #fromTemplate(templates: SearchTemplater, key: string, req: Request, res: Response, next: NextFunction) {
    let fill: SearchFill | null = null;
    try {
      fill = await templates.prepare(req, res, key);
    } catch {
      // the router renders it (and says what went wrong)
    }
    const entry = fill && (this.options.live?.() ?? true) ? this.#entry(`tpl|${fill.bucket}`) : undefined;
    const template = entry?.template;
    if (fill && entry?.cut && template && !template.unfit && template.tokens === fill.tokens.length && fill.values.every((text, i) => text === template.sources[i] || template.trusted[i])) {
      this.#stats.hits++;
      this.#stats.templated++;
      this.#touch(entry);
      for (const [name, value] of entry.headers) res.setHeader(name, value);
      return this.#serveFilled(entry, entry.cut, req, res, [...fill.tokens, ...fill.values, template.nonce]);
    }
    this.#stats.misses++;
    res.setHeader("X-Cache", "miss");
    this.#capture(key, req, res, next, fill ?? undefined);
  }

  /**
   * A rendered search's page and its template: the first page of a template makes it; a later one
   * whose texts differ proves those slots when the template filled with its texts is the same page,
   * byte for byte, and else makes it again from this page (given up after a few tries).
   */
  #learn(fill: SearchFill, body: Buffer, scope: AnswerScope, kept: Pick<Entry, "headers" | "setCookies" | "tables">) {
    const tokens = scope.tokens ?? [];
    // each render has its own nonce: a slot of its own, so two renders compare alike
    const nonce = nonceOf(kept.headers);
    if (tokens.length !== fill.tokens.length || !nonce) return;
    const texts = [...tokens, ...fill.values, nonce];
    const key = `tpl|${fill.bucket}`;
    const entry = this.#entry(key);
    const template = entry?.template;
    let remade = 0;
    if (entry?.cut && template) {
      if (template.unfit) return;
      const differs = fill.values.map((text, i) => text !== template.sources[i]);
      if (!differs.some(Boolean)) return;
      if (fillTokens(entry.cut, texts).equals(body)) {
        differs.forEach((differing, i) => {
          if (differing) template.trusted[i] = true;
        });
        return;
      }
      remade = template.remade + 1;
      if (remade >= TEMPLATE_TRIES) {
        template.unfit = true;
        return;
      }
    }
    const cut = cutAtTexts(body, texts);
    this.#store({ key, ...kept, body, etag: "", cut, template: { tokens: tokens.length, nonce, sources: [...fill.values], trusted: fill.values.map(() => false), remade } });
  }

  #capture(key: string, req: Request, res: Response, next: NextFunction, fill?: SearchFill) {
    const changes = this.options.changes;
    const scope: AnswerScope = { tables: new Set() };
    const started = changes.now();
    const chunks: Buffer[] = [];
    let size = 0;
    let keep = true;
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    // The answer holds tokens of its own (answerToken): kept cut at them, private to each request.
    let own = false;
    const take = (chunk: unknown, encoding: unknown) => {
      if (!keep || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer = Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      size += buffer.length;
      if (size > this.options.maxBytes / 8) keep = false;
    };
    // Decided when the headers go out: a public answer says so to CDNs from the first time.
    res.writeHead = ((...args: unknown[]) => {
      const status = typeof args[0] === "number" ? args[0] : res.statusCode;
      own = Boolean(scope.tokens?.length);
      if (status !== 200 || !this.#public(res)) keep = false;
      else {
        // An answer with a token of its own is nobody else's to keep (a CDN, a browser's revalidation).
        res.setHeader("Cache-Control", own ? OWN_ANSWER_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
        res.setHeader("Vary", VARY);
      }
      return writeHead(...args);
    }) as Response["writeHead"];
    res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      take(chunk, encoding);
      return write(chunk, encoding, callback);
    }) as Response["write"];
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      take(chunk, encoding);
      if (keep) this.#keep(key, res, Buffer.concat(chunks, size), scope, started, own, fill);
      return end(chunk, encoding, callback);
    }) as Response["end"];
    readScope(scope, () => next());
  }

  /** An answer the route did not mark private, setting no cookie but the reader's own choices. */
  #public(res: Response): boolean {
    const control = String(res.getHeader("cache-control") ?? "");
    if (/\bprivate\b/.test(control)) return false;
    return setCookiesOf(res).every((cookie) => CHOICE_COOKIES.test(cookie));
  }

  #keep(key: string, res: Response, body: Buffer, scope: AnswerScope, started: number, own: boolean, fill?: SearchFill) {
    // (an answer of its own was found public when its headers went out, before they said private)
    if (res.statusCode !== 200 || (!own && !this.#public(res))) return;
    if (scope.until !== undefined && Date.now() >= scope.until) return;
    const setCookies = setCookiesOf(res);
    const tables = [...scope.tables].filter((table) => !OPERATIONAL_TABLES.has(table));
    // Something it read changed while it was being made: the next request makes it again.
    if (!(this.options.live?.() ?? true)) return;
    if (this.options.changes.since(started, tables)) return;
    const headers: Entry["headers"] = [];
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || PER_REQUEST.has(name) || name === "x-cache") continue;
      headers.push([name, Array.isArray(value) ? value.map(String) : String(value)]);
    }
    if (own) {
      this.#store({ key, headers, setCookies, body, etag: "", tables, cut: cutAtTokens(body, scope.tokens!), until: scope.until });
      if (fill && this.options.templates) {
        const fresh = new Set(this.options.templates.freshTables);
        this.#learn(fill, body, scope, { headers, setCookies, tables: tables.filter((table) => !fresh.has(table)) });
      }
      return;
    }
    const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
    this.#store({ key, headers, setCookies, body, etag, tables, until: scope.until });
  }
}
