/**
 * The Content-Security-Policy of every page: scripts run only with this response's nonce (and what
 * those scripts load, 'strict-dynamic'), no plug-ins, no framing, forms post only to us. Google's
 * hosts are allowed only when the site has a browser key for Google Maps (their documented CSP).
 * Static files and JSON get STRICT_POLICY: they are never documents that should run anything.
 */

export const STRICT_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Where the driver app's service worker is served (public/driver-sw.js, issue 31). */
export const DRIVER_WORKER_PATH = "/driver-sw.js";

/**
 * The driver app's service worker: a worker's policy is its script's, and it fetches the driver's
 * day and the build files from this origin (connect-src), nothing else.
 */
export const WORKER_POLICY = "default-src 'none'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The pages whose forms send the guest on to a payment provider's hosted page (issue 30). */
export const isCheckoutPage = (pathname: string): boolean => pathname === "/booking-results" || pathname.startsWith("/my-booking/");

/**
 * `checkoutOrigins`: the payment provider's page origins, on the pages that send the guest there
 * (a form's redirect to another origin must be allowed by `form-action`); no others get them.
 */
export function pagePolicy(nonce: string, options: { googleMaps: boolean; hotReload?: boolean; checkoutOrigins?: readonly string[] }): string {
  const google = options.googleMaps;
  const directives: Array<[string, string[]]> = [
    ["default-src", ["'self'"]],
    // 'strict-dynamic' lets the nonced entry load the app's chunks (and Google's loader its script);
    // https: and 'self' are only for browsers without CSP level 3, which ignore 'strict-dynamic'.
    ["script-src", [`'nonce-${nonce}'`, "'strict-dynamic'", "'self'", ...(google ? ["https:", "'unsafe-eval'", "blob:"] : [])]],
    // React sets style attributes (brand colour, map sizes); no script can come in through them.
    ["style-src", ["'self'", "'unsafe-inline'", ...(google ? ["https://fonts.googleapis.com"] : [])]],
    ["img-src", ["'self'", "data:", "blob:", ...(google ? ["https://*.googleapis.com", "https://*.gstatic.com", "https://*.google.com", "https://*.googleusercontent.com"] : [])]],
    ["font-src", ["'self'", ...(google ? ["https://fonts.gstatic.com"] : [])]],
    ["connect-src", [
      "'self'",
      ...(google ? ["https://*.googleapis.com", "https://*.google.com", "https://*.gstatic.com", "data:", "blob:"] : []),
      // `npm run dev` only: Vite's hot-reload socket listens on a port of its own.
      ...(options.hotReload ? ["ws://localhost:*", "ws://127.0.0.1:*"] : []),
    ]],
    ["frame-src", google ? ["https://*.google.com"] : ["'none'"]],
    ["worker-src", ["'self'", ...(google ? ["blob:"] : [])]],
    // the driver app's web app manifest (issue 31)
    ["manifest-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'", ...(options.checkoutOrigins ?? [])]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}
