import { describe, expect, it } from "vitest";
import { isCheckoutPage, pagePolicy, STRICT_POLICY, WORKER_POLICY } from "./csp";

const directive = (policy: string, name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `));

describe("pagePolicy", () => {
  it("runs only nonced scripts and what they load, and nothing from Google without a key", () => {
    const policy = pagePolicy("abc123", { googleMaps: false });
    expect(directive(policy, "script-src")).toBe("script-src 'nonce-abc123' 'strict-dynamic' 'self'");
    expect(policy).not.toMatch(/google|unsafe-eval|https:/);
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive(policy, "object-src")).toBe("object-src 'none'");
    expect(directive(policy, "form-action")).toBe("form-action 'self'");
  });

  it("allows Google's map hosts only when the site has a browser key", () => {
    const policy = pagePolicy("n", { googleMaps: true });
    expect(directive(policy, "script-src")).toContain("'nonce-n'");
    expect(directive(policy, "img-src")).toContain("https://*.gstatic.com");
    expect(directive(policy, "connect-src")).toContain("https://*.googleapis.com");
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'none'");
  });

  it("lets the development server's hot-reload socket connect only in development", () => {
    expect(directive(pagePolicy("n", { googleMaps: false }), "connect-src")).toBe("connect-src 'self'");
    expect(directive(pagePolicy("n", { googleMaps: false, hotReload: true }), "connect-src")).toBe("connect-src 'self' ws://localhost:* ws://127.0.0.1:*");
  });

  it("lets forms go on to the payment provider's page only where the guest pays (issue 30)", () => {
    expect(directive(pagePolicy("n", { googleMaps: false, checkoutOrigins: ["https://checkout.stripe.com"] }), "form-action")).toBe("form-action 'self' https://checkout.stripe.com");
    expect(isCheckoutPage("/booking-results")).toBe(true);
    expect(isCheckoutPage("/my-booking/abc")).toBe(true);
    expect(isCheckoutPage("/contact")).toBe(false);
    expect(isCheckoutPage("/admin/bookings")).toBe(false);
  });

  it("lets pages read the driver app's manifest and run its worker from this site only (issue 31)", () => {
    const policy = pagePolicy("n", { googleMaps: false });
    expect(directive(policy, "manifest-src")).toBe("manifest-src 'self'");
    expect(directive(policy, "worker-src")).toBe("worker-src 'self'");
  });
});

describe("WORKER_POLICY", () => {
  it("lets the driver app's worker fetch from this site and nothing more than the strict policy otherwise", () => {
    expect(directive(WORKER_POLICY, "connect-src")).toBe("connect-src 'self'");
    expect(directive(WORKER_POLICY, "default-src")).toBe("default-src 'none'");
    expect(WORKER_POLICY.replace(" connect-src 'self';", "")).toBe(STRICT_POLICY);
  });
});
