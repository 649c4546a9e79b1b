/**
 * What the server accepts before any route runs, decided from the request line and headers alone
 * (nothing of the body is read to decide): methods, content types, body sizes and where a
 * state-changing request comes from. server/app.ts applies it to every request the router serves;
 * a refusal reaches the visitor as a translated page or the API's JSON envelope
 * (app/server/http/problem.server.ts).
 */
import { SESSION_COOKIE } from "~/auth/session-cookie.server";

export type ProblemCode = "bad_request" | "cross_origin" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "too_many_attempts";

export interface RequestProblem {
  status: 400 | 403 | 405 | 413 | 415 | 429;
  code: ProblemCode;
  /** the Allow header of a 405 */
  allow?: string;
  /** the Retry-After header of a 429, in seconds */
  retryAfter?: number;
}

/** Forms on the site and in the back office: a few hundred KB is far more than any of them sends. */
export const FORM_BODY_LIMIT = 256 * 1024;
/** JSON API bodies. */
export const JSON_BODY_LIMIT = 256 * 1024;
/** Image uploads: ten files of at most 5 MB and room for the form's other fields (spec: 10 × 5 MB). */
export const UPLOAD_BODY_LIMIT = 10 * 5 * 1024 * 1024 + 1024 * 1024;

export const PAGE_METHODS = ["GET", "HEAD", "POST"] as const;
export const API_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Routes whose forms carry images (multipart, streamed to the image checks). */
const UPLOAD_PATHS = [
  /^\/api\/files\/upload(-multiple)?\/?$/,
  /^\/admin\/cars\/add\/?$/,
  /^\/admin\/cars\/edit\/[^/]+\/?$/,
  // the driver's photo (issue 31)
  /^\/admin\/drivers\/add\/?$/,
  /^\/admin\/drivers\/edit\/[^/]+\/?$/,
];

export type RouteKind = "page" | "api" | "upload";

export const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

export function routeKind(pathname: string): RouteKind {
  if (UPLOAD_PATHS.some((pattern) => pattern.test(pathname))) return "upload";
  return isApiPath(pathname) ? "api" : "page";
}

export function bodyLimit(kind: RouteKind): number {
  return kind === "upload" ? UPLOAD_BODY_LIMIT : kind === "api" ? JSON_BODY_LIMIT : FORM_BODY_LIMIT;
}

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Where a payment provider sends the guest back, possibly by a form POST from its own site. */
export const isPaymentReturn = (pathname: string): boolean => /^\/payments\/return\/[0-9a-f-]{36}$/.test(pathname);

/** API paths a provider posts a form to (Twilio-style status callbacks). */
export const FORM_WEBHOOKS = new Set(["/api/webhooks/sms"]);

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export interface RequestFacts {
  method: string;
  pathname: string;
  header(name: string): string | undefined;
  /** the origins that are us: PUBLIC_URL's and the one this request was addressed to */
  ownOrigins: readonly string[];
}

/** Whether the request carries a body (a declared length above zero, or a chunked one). */
export function hasBody(header: RequestFacts["header"]): boolean {
  const length = header("content-length");
  if (length !== undefined) return Number(length) > 0;
  return header("transfer-encoding") !== undefined;
}

/** A bearer token and no session cookie: a script, not a browser riding on the office's cookie. */
function bearerOnly(header: RequestFacts["header"]): boolean {
  const bearer = /^\s*bearer\s+\S/i.test(header("authorization") ?? "");
  const cookie = (header("cookie") ?? "").split(";").some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
  return bearer && !cookie;
}

/**
 * A state-changing request must come from our own pages: a browser names the page's origin in
 * `Origin` (all current browsers do on every POST) or at least says `Sec-Fetch-Site`. A request with
 * neither is not from a browser (curl, a server), so no one's cookie is being ridden.
 */
export function isCrossOrigin(facts: RequestFacts): boolean {
  const origin = facts.header("origin");
  if (origin !== undefined) return !facts.ownOrigins.includes(origin.toLowerCase());
  const site = facts.header("sec-fetch-site");
  return site !== undefined && site !== "same-origin" && site !== "none";
}

/**
 * Why the request is refused before it reaches a route, or null when it may go on. Order matters:
 * the method first (nothing else means anything for a method we do not serve), then where it comes
 * from, then what it carries.
 */
export function screenRequest(facts: RequestFacts): RequestProblem | null {
  const kind = routeKind(facts.pathname);
  const method = facts.method.toUpperCase();
  const allowed: readonly string[] = isApiPath(facts.pathname) ? API_METHODS : PAGE_METHODS;
  if (!allowed.includes(method)) return { status: 405, code: "method_not_allowed", allow: allowed.join(", ") };
  if (SAFE_METHODS.has(method)) return null;

  // iyzico posts the guest's token back from its own site: the route believes nothing it carries (issue 30)
  if (!bearerOnly(facts.header) && isCrossOrigin(facts) && !isPaymentReturn(facts.pathname)) return { status: 403, code: "cross_origin" };

  const declared = facts.header("content-length");
  if (declared !== undefined && !/^\d{1,15}$/.test(declared.trim())) return { status: 400, code: "bad_request" };
  if (declared !== undefined && Number(declared) > bodyLimit(kind)) return { status: 413, code: "payload_too_large" };

  const type = mediaType(facts.header("content-type"));
  const carriesBody = hasBody(facts.header);
  if (kind === "page") {
    // Every form the site renders posts urlencoded (or multipart); anything else is not one of ours.
    if (!FORM_TYPES.has(type)) return { status: 415, code: "unsupported_media_type" };
  } else if (kind === "upload") {
    if (carriesBody && !FORM_TYPES.has(type)) return { status: 415, code: "unsupported_media_type" };
  } else if (carriesBody && FORM_WEBHOOKS.has(facts.pathname)) {
    // The SMS gateway posts its delivery reports as a form (signed: app/server/messaging/webhooks.server.ts).
    if (type !== "application/x-www-form-urlencoded") return { status: 415, code: "unsupported_media_type" };
  } else if (carriesBody && type !== "application/json") {
    // JSON only as application/json: a text/plain "JSON" body is what a cross-site form can forge.
    return { status: 415, code: "unsupported_media_type" };
  }
  return null;
}
