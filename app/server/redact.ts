/**
 * What a log line must never hold (issue 28): the secrets that act as keys. A guest's private link
 * cancels their booking, a driver's job link acts as the driver, a reset or invitation link sets a
 * staff password, a two-factor set-up link enrols a device, the WhatsApp verify token proves the
 * webhook. The logger (logger.server.ts) runs every line through `redactLogValue` before it is
 * written: request logs, error logs and the workers' logs alike.
 */

export const REDACTED = "[redacted]";

/**
 * The URL paths whose segment after the prefix is a secret: /my-booking/<token>, /job/<token>,
 * /offer/<token> (an office's offer on a quote request, which books when accepted),
 * /admin/reset-password/<token> (invitations too), /admin/setup-two-factor/<token>. Matched
 * anywhere in a string (a request URL, an absolute link in an error or a mail body) and
 * percent-encoded too (React Router's `/__manifest?paths=%2Fjob%2F<token>`), up to the next
 * separator (`/`, `?`, `#`, `&`, `,`, a quote, a space, or their encodings); a React Router data
 * request's `.data` suffix is kept.
 */
/**
 * The routes whose last segment is a secret token, and what each opens: the one list the log
 * redaction (below) and the guessing guard (app/server/http/link-guard.server.ts) both read.
 */
export const SECRET_LINK_ROUTES = {
  booking: "my-booking",
  job: "job",
  offer: "offer",
  reset: "admin/reset-password",
  two_factor_setup: "admin/setup-two-factor",
} as const;

export type SecretLinkKind = keyof typeof SECRET_LINK_ROUTES;

/** Each route's last segment before the token ("reset-password"): what a logged path or link shows. */
const SECRET_SEGMENTS = Object.values(SECRET_LINK_ROUTES).map((route) => route.split("/").pop()!);

const SLASH = String.raw`(?:\/|%2[Ff])`;
const STOP = String.raw`(?:[\/?#&,\s"'<>]|%2[FfCc6]|%3[Ff]|%23|$)`;
const SECRET_PATH = new RegExp(String.raw`(${SLASH}(?:${SECRET_SEGMENTS.join("|")})${SLASH})(?!\[redacted\])((?:(?!${STOP}).)+?)(?=\.data${STOP}|${STOP})`, "g");

/** Query parameters that carry a secret (the WhatsApp verify token; any token, password or key an integrator puts in a URL). */
const SECRET_PARAM = /([?&](?:hub\.verify_token|verify_token|token|access_token|api_key|apikey|key|password|secret|signature)=)[^&#\s"'<>]*/gi;

/** What every secret above has in it: a text without it is left as it is, unscanned. */
const SECRET_HINT = new RegExp(`${SECRET_SEGMENTS.join("|")}|token|key=|password=|secret=|signature=`, "i");

/** Object keys whose value is a secret wherever it appears (form echoes, errors, bindings). */
const SECRET_KEYS = new Set(
  [
    "password",
    "currentpassword",
    "newpassword",
    "passwordconfirm",
    "confirmpassword",
    "password_confirm",
    "token",
    "accesstoken",
    "access_token",
    "apitoken",
    "api_token",
    "secret",
    "totp",
    "totpcode",
    "otp",
    "verifytoken",
    "verify_token",
    "hub.verify_token",
    "authorization",
    "cookie",
    "set-cookie",
  ].map((key) => key.toLowerCase()),
);

/** A string with every secret link part and secret query value replaced. */
export function redactText(text: string): string {
  // Most lines name nothing secret: one cheap scan decides (every request line passes here).
  if (!SECRET_HINT.test(text)) return text;
  return text.replace(SECRET_PATH, `$1${REDACTED}`).replace(SECRET_PARAM, `$1${REDACTED}`);
}

/**
 * A log value with its secrets replaced: strings redacted, secret keys blanked, errors copied (same
 * class) with their message, stack and fields redacted, arrays and plain objects walked (to a depth of 8; a
 * cycle is cut). The input is never changed: what needs no change comes back as it was.
 */
export function redactLogValue(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object") return value;
  if (seen.has(value) || depth > 8) return "[…]";
  seen.add(value);
  if (value instanceof Error) {
    // A copy of the same class (the log still names it: DatabaseError, TypeError…) with its text redacted.
    const copy = Object.create(Object.getPrototypeOf(value) as object) as Error & Record<string, unknown>;
    for (const [key, item] of Object.entries(value)) copy[key] = SECRET_KEYS.has(key.toLowerCase()) ? REDACTED : redactLogValue(item, depth + 1, seen);
    const hidden = (key: string, item: unknown) => Object.defineProperty(copy, key, { value: item, writable: true, configurable: true, enumerable: false });
    hidden("message", redactText(value.message));
    if (value.stack) hidden("stack", redactText(value.stack));
    if (value.cause !== undefined) hidden("cause", redactLogValue(value.cause, depth + 1, seen));
    return copy;
  }
  if (Array.isArray(value)) {
    // copied only when something in it changes (a request line's object usually comes back as it was)
    let out: unknown[] | undefined;
    value.forEach((item, i) => {
      const next = redactLogValue(item, depth + 1, seen);
      if (next !== item) out ??= [...value];
      if (out) out[i] = next;
    });
    return out ?? value;
  }
  if (value instanceof Date || ArrayBuffer.isView(value)) return value;
  let out: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const next = SECRET_KEYS.has(key.toLowerCase()) && item !== null && item !== undefined && item !== "" ? REDACTED : redactLogValue(item, depth + 1, seen);
    if (next !== item) out ??= { ...value };
    if (out) out[key] = next;
  }
  return out ?? value;
}

/**
 * An account as a log line names it: enough for the office to recognise its own address, not
 * enough to read it back ("of…e@example.com"), with a short hash that is the same for every line
 * about the same account.
 */
export function maskAccount(account: string, hash: (text: string) => string): string {
  const at = account.lastIndexOf("@");
  const local = at > 0 ? account.slice(0, at) : account;
  const domain = at > 0 ? account.slice(at) : "";
  const shown = local.length <= 2 ? `${local[0] ?? ""}…` : `${local.slice(0, 2)}…${local.slice(-1)}`;
  return `${shown}${domain} #${hash(account).slice(0, 10)}`;
}
