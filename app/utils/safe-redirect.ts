/**
 * The one rule for redirect targets taken from input (a form's returnTo, a redirectTo parameter):
 * only a path on this site. The target is resolved against our origin the way a browser would
 * (`/.//evil.example` becomes `//evil.example`, which a browser reads as another host) and kept
 * only when it stays on our origin and its path, also percent-decoded, starts with neither `//`
 * nor `/\`. Anything else gives the fallback.
 */
const ORIGIN = "http://site.invalid";

export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/")) return fallback;
  // Browsers treat a backslash as a slash and drop tabs and newlines inside URLs.
  if (target.includes("\\") || [...target].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return fallback;
  let url: URL;
  try {
    url = new URL(target, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  if (/^\/[/\\]/.test(url.pathname) || /^\/[/\\]/.test(decoded) || /[\\]/.test(decoded)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
