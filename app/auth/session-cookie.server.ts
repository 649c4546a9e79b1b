/**
 * The `vt_session` cookie, signed with SESSION_SECRET through React Router's createCookie.
 * SESSION_SECRET may hold several secrets separated by commas: the first signs new cookies, all of
 * them verify, so a secret can be rotated without signing everyone out (put the new one first,
 * drop the old one once the longest session, 30 days with "remember me", has passed).
 * The cookie carries the random session token; an unsigned or badly signed cookie is no session.
 * Kept free of app imports so the e2e helpers can sign cookies with the same code.
 */
import { createCookie, type Cookie } from "react-router";

export const SESSION_COOKIE = "vt_session";
export const REMEMBER_DAYS = 30;

const TOKEN = /^[\w-]{20,200}$/;

/** The secrets of a SESSION_SECRET value, signing one first. */
export function sessionSecrets(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
}

const jars = new Map<string, Cookie>();

/** The cookie object for a SESSION_SECRET value (cached per value). */
export function sessionCookieJar(sessionSecret: string | undefined, secure: boolean): Cookie {
  const key = `${secure ? 1 : 0}:${sessionSecret ?? ""}`;
  let jar = jars.get(key);
  if (!jar) {
    jar = createCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure, secrets: sessionSecrets(sessionSecret) });
    jars.set(key, jar);
  }
  return jar;
}

function requireSecrets(sessionSecret: string | undefined) {
  if (sessionSecrets(sessionSecret).length === 0) throw new Error("SESSION_SECRET is needed to sign the session cookie");
}

/** Set-Cookie for a new session: a browser-session cookie, or a 30-day one with "remember me". */
export async function sessionCookie(sessionSecret: string | undefined, token: string, remember: boolean, secure: boolean): Promise<string> {
  requireSecrets(sessionSecret);
  return sessionCookieJar(sessionSecret, secure).serialize(token, remember ? { maxAge: REMEMBER_DAYS * 24 * 3600 } : {});
}

/** Only the signed value of the cookie (what a browser keeps), e.g. for tests that set it directly. */
export async function signedSessionValue(sessionSecret: string | undefined, token: string): Promise<string> {
  const header = await sessionCookie(sessionSecret, token, false, false);
  return decodeURIComponent(header.slice(SESSION_COOKIE.length + 1).split(";")[0]!);
}

export function clearSessionCookie(secure: boolean): string {
  return [`${SESSION_COOKIE}=`, "Max-Age=0", "Path=/", "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])].join("; ");
}

/** The session token of a Cookie header, when its signature checks out with one of the secrets. */
export async function tokenFromCookieHeader(sessionSecret: string | undefined, cookieHeader: string | null): Promise<string | undefined> {
  if (!cookieHeader || sessionSecrets(sessionSecret).length === 0) return undefined;
  let value: unknown;
  try {
    value = await sessionCookieJar(sessionSecret, false).parse(cookieHeader);
  } catch {
    return undefined;
  }
  return typeof value === "string" && TOKEN.test(value) ? value : undefined;
}
