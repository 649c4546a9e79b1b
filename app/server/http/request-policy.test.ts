import { describe, expect, it } from "vitest";
import { FORM_BODY_LIMIT, JSON_BODY_LIMIT, routeKind, screenRequest, UPLOAD_BODY_LIMIT, type RequestFacts } from "./request-policy";

const OWN = ["https://lykia.example", "http://127.0.0.1:3000"];

function facts(method: string, pathname: string, headers: Record<string, string> = {}): RequestFacts {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { method, pathname, header: (name) => lower[name.toLowerCase()], ownOrigins: OWN };
}

const form = { "content-type": "application/x-www-form-urlencoded", "content-length": "12" };
const json = { "content-type": "application/json", "content-length": "2" };

describe("screenRequest", () => {
  it("lets reading requests through, whatever they carry", () => {
    expect(screenRequest(facts("GET", "/fleet", { origin: "http://evil.example" }))).toBeNull();
    expect(screenRequest(facts("HEAD", "/api/cars"))).toBeNull();
  });

  it("serves pages with GET, HEAD and POST only, and says so", () => {
    for (const method of ["OPTIONS", "TRACE", "PUT", "PATCH", "DELETE", "CONNECT", "PROPFIND"]) {
      expect(screenRequest(facts(method, "/contact", form))).toEqual({ status: 405, code: "method_not_allowed", allow: "GET, HEAD, POST" });
    }
  });

  it("gives the API its REST methods but not OPTIONS or TRACE (no cross-origin use)", () => {
    expect(screenRequest(facts("DELETE", "/api/cars/1"))).toBeNull();
    expect(screenRequest(facts("OPTIONS", "/api/cars"))).toMatchObject({ status: 405, allow: "GET, HEAD, POST, PUT, PATCH, DELETE" });
    expect(screenRequest(facts("TRACE", "/api/cars"))).toMatchObject({ status: 405 });
  });

  it("refuses a state change from another origin, by Origin or by Sec-Fetch-Site", () => {
    expect(screenRequest(facts("POST", "/contact", { ...form, origin: "http://evil.example" }))).toEqual({ status: 403, code: "cross_origin" });
    expect(screenRequest(facts("POST", "/contact", { ...form, origin: "null" }))).toEqual({ status: 403, code: "cross_origin" });
    // iyzico posts the guest back from its own site (issue 30): only to the return route, which believes nothing it carries
    expect(screenRequest(facts("POST", "/payments/return/0b8f3c1e-2a4d-4f6e-9a1b-3c5d7e9f1a2b", { ...form, origin: "https://cpp.iyzipay.com" }))).toBeNull();
    expect(screenRequest(facts("POST", "/payments/return/not-a-checkout", { ...form, origin: "https://cpp.iyzipay.com" }))).toEqual({ status: 403, code: "cross_origin" });
    expect(screenRequest(facts("POST", "/my-booking/abc", { ...form, origin: "https://cpp.iyzipay.com" }))).toEqual({ status: 403, code: "cross_origin" });
    expect(screenRequest(facts("POST", "/api/cars", { ...json, "sec-fetch-site": "cross-site", cookie: "vt_session=abc" }))).toEqual({ status: 403, code: "cross_origin" });
    // same site but another port is another origin
    expect(screenRequest(facts("POST", "/admin/cars", { ...form, origin: "http://127.0.0.1:3001" }))).toMatchObject({ status: 403 });
  });

  it("accepts our own origins and requests that are not from a browser", () => {
    expect(screenRequest(facts("POST", "/contact", { ...form, origin: "https://lykia.example" }))).toBeNull();
    expect(screenRequest(facts("POST", "/contact", { ...form, origin: "HTTP://127.0.0.1:3000" }))).toBeNull();
    expect(screenRequest(facts("POST", "/contact", { ...form, "sec-fetch-site": "same-origin" }))).toBeNull();
    expect(screenRequest(facts("POST", "/api/bookings", json))).toBeNull();
  });

  it("does not hold bearer-token calls to the browser rule, unless a session cookie rides along", () => {
    const bearer = { ...json, authorization: "Bearer abcdefghijklmnopqrstuvwxyz", origin: "http://evil.example" };
    expect(screenRequest(facts("POST", "/api/cars", bearer))).toBeNull();
    expect(screenRequest(facts("POST", "/api/cars", { ...bearer, cookie: "lng=en; vt_session=x" }))).toMatchObject({ status: 403 });
  });

  it("takes JSON only as application/json on the API (a text/plain body is what a foreign form can forge)", () => {
    expect(screenRequest(facts("POST", "/api/cars", { "content-type": "text/plain", "content-length": "2" }))).toEqual({ status: 415, code: "unsupported_media_type" });
    expect(screenRequest(facts("POST", "/api/cars", { "content-type": "application/json; charset=utf-8", "content-length": "2" }))).toBeNull();
    // no body at all (a logout) needs no type
    expect(screenRequest(facts("POST", "/api/auth/logout", {}))).toBeNull();
  });

  it("takes the SMS gateway's form-encoded status callback, and only that, on its webhook (issue 16)", () => {
    const form = { "content-type": "application/x-www-form-urlencoded", "content-length": "40" };
    expect(screenRequest(facts("POST", "/api/webhooks/sms", form))).toBeNull();
    expect(screenRequest(facts("POST", "/api/webhooks/sms", { "content-type": "application/json", "content-length": "2" }))).toEqual({ status: 415, code: "unsupported_media_type" });
    // the WhatsApp webhook is JSON like the rest of the API
    expect(screenRequest(facts("POST", "/api/webhooks/whatsapp", form))).toEqual({ status: 415, code: "unsupported_media_type" });
    expect(screenRequest(facts("POST", "/api/webhooks/whatsapp", { "content-type": "application/json", "content-length": "2" }))).toBeNull();
  });

  it("takes only form encodings on pages, and multipart on upload routes", () => {
    expect(screenRequest(facts("POST", "/contact", json))).toEqual({ status: 415, code: "unsupported_media_type" });
    expect(screenRequest(facts("POST", "/contact", {}))).toEqual({ status: 415, code: "unsupported_media_type" });
    expect(screenRequest(facts("POST", "/contact", { "content-type": "multipart/form-data; boundary=x", "content-length": "9" }))).toBeNull();
    expect(screenRequest(facts("POST", "/api/files/upload", json))).toMatchObject({ status: 415 });
    expect(screenRequest(facts("POST", "/api/files/upload", { "content-type": "multipart/form-data; boundary=x", "content-length": "9" }))).toBeNull();
  });

  it("refuses a declared body over the route's cap before reading it, and a nonsense length", () => {
    expect(routeKind("/admin/cars/edit/42")).toBe("upload");
    expect(routeKind("/admin/drivers/add")).toBe("upload");
    expect(routeKind("/admin/drivers/edit/42")).toBe("upload");
    expect(routeKind("/admin/drivers")).toBe("page");
    expect(screenRequest(facts("POST", "/contact", { ...form, "content-length": String(FORM_BODY_LIMIT + 1) }))).toEqual({ status: 413, code: "payload_too_large" });
    expect(screenRequest(facts("POST", "/api/bookings", { ...json, "content-length": String(JSON_BODY_LIMIT + 1) }))).toMatchObject({ status: 413 });
    expect(screenRequest(facts("POST", "/admin/cars/add", { "content-type": "multipart/form-data; boundary=x", "content-length": String(UPLOAD_BODY_LIMIT) }))).toBeNull();
    expect(screenRequest(facts("POST", "/admin/cars/add", { "content-type": "multipart/form-data; boundary=x", "content-length": String(200 * 1024 * 1024) }))).toMatchObject({ status: 413 });
    expect(screenRequest(facts("POST", "/contact", { ...form, "content-length": "-5" }))).toEqual({ status: 400, code: "bad_request" });
  });
});
