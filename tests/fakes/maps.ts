/**
 * Local fakes of the map services the server calls, answering and failing like the real ones:
 * Google Places API (New) autocomplete and details, Google Routes API v2 computeRoutes, and OSRM's
 * /route/v1/driving. Every request is recorded (method, path, headers, body) for the tests to check.
 * Used by integration tests and, through GOOGLE_PLACES_URL / GOOGLE_ROUTES_URL / OSRM_URL, by e2e.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeMode = "ok" | "error" | "denied" | "slow" | "empty" | "garbage";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: unknown;
}

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  mode: FakeMode;
  /** how long "slow" waits before answering, ms */
  slowMs: number;
  close(): Promise<void>;
}

/** An encoded polyline (precision 1e5): the example of Google's polyline documentation. */
export const SAMPLE_POLYLINE = "_p~iF~ps|U_ulLnnqC_mqNvxq`@";

/** Places the fake Google knows: id → details. */
export const FAKE_PLACES: Record<string, { name: string; address: string; lat: number; lng: number; types: string[] }> = {
  ChIJ_ayt: { name: "Antalya Havalimanı", address: "Antalya Havalimanı, Muratpaşa/Antalya, Türkiye", lat: 36.8987, lng: 30.8005, types: ["airport", "point_of_interest"] },
  ChIJ_rixos: { name: "Rixos Premium Belek", address: "İleribaşı Mevkii, 07506 Serik/Antalya, Türkiye", lat: 36.8513, lng: 31.0327, types: ["lodging", "point_of_interest", "establishment"] },
};

async function readBody(req: IncomingMessage): Promise<unknown> {
  let text = "";
  for await (const chunk of req) text += chunk;
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function serve(handler: (req: IncomingMessage, body: unknown, fake: FakeServer) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>): Promise<FakeServer> {
  const fake = { requests: [] as RecordedRequest[], mode: "ok" as FakeMode, slowMs: 1500 } as FakeServer;
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    fake.requests.push({ method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers, body });
    if (fake.mode === "slow") await new Promise((r) => setTimeout(r, fake.slowMs));
    if (fake.mode === "garbage") {
      res.writeHead(200, { "Content-Type": "text/html" }).end("<html>proxy error</html>");
      return;
    }
    const answer = await handler(req, body, fake);
    if (!res.destroyed) res.writeHead(answer.status, { "Content-Type": "application/json" }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

const googleError = (status: number, code: string, message: string) => ({ status, body: { error: { code: status, message, status: code } } });

/** Google Places API (New) and Routes API v2 on one host. */
export function fakeGoogle(): Promise<FakeServer> {
  return serve((req, body, fake) => {
    if (fake.mode === "error") return googleError(500, "INTERNAL", "Internal error encountered.");
    if (fake.mode === "denied" || req.headers["x-goog-api-key"] !== "test-key") {
      return googleError(403, "PERMISSION_DENIED", "The provided API key is invalid.");
    }
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "POST" && url.pathname === "/v1/places:autocomplete") {
      if (fake.mode === "empty") return { status: 200, body: {} };
      const request = (body ?? {}) as { input?: string; includedPrimaryTypes?: string[] };
      const input = String(request.input ?? "").toLowerCase();
      // As Google does: a request restricted to regions or cities (or to other primary types) gets
      // no establishments, so a hotel is found only when the request does not restrict the types.
      const only = request.includedPrimaryTypes;
      const REGION_TYPES = ["locality", "administrative_area_level_1", "administrative_area_level_2", "country", "postal_code"];
      const allowed = (types: string[]) =>
        !only?.length || only.some((t) => (t === "(regions)" || t === "(cities)" ? types.some((k) => REGION_TYPES.includes(k)) : types.includes(t)));
      const suggestions = Object.entries(FAKE_PLACES)
        .filter(([, p]) => p.name.toLowerCase().includes(input.split(" ")[0] ?? "") && allowed(p.types))
        // An establishment's prediction text starts with its name: "Rixos Premium Belek, İleribaşı Mevkii, …".
        .map(([placeId, p]) => ({ placePrediction: { placeId, text: { text: p.address.startsWith(p.name) ? p.address : `${p.name}, ${p.address}` }, types: p.types } }));
      return { status: 200, body: { suggestions } };
    }
    const details = /^\/v1\/places\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && details) {
      const place = FAKE_PLACES[decodeURIComponent(details[1]!)];
      if (!place) return googleError(404, "NOT_FOUND", "Place not found.");
      if (fake.mode === "empty") return { status: 200, body: { id: details[1] } };
      return { status: 200, body: { id: details[1], displayName: { text: place.name, languageCode: "tr" }, formattedAddress: place.address, location: { latitude: place.lat, longitude: place.lng }, types: place.types } };
    }
    if (req.method === "POST" && url.pathname === "/directions/v2:computeRoutes") {
      if (fake.mode === "empty") return { status: 200, body: {} };
      return { status: 200, body: { routes: [{ distanceMeters: 34_512, duration: "2178s", polyline: { encodedPolyline: SAMPLE_POLYLINE } }] } };
    }
    return googleError(404, "NOT_FOUND", `Method not found: ${url.pathname}`);
  });
}

/** A self-hosted OSRM server. */
export function fakeOsrm(): Promise<FakeServer> {
  return serve((req, _body, fake) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const match = /^\/route\/v1\/driving\/(-?[\d.]+),(-?[\d.]+);(-?[\d.]+),(-?[\d.]+)$/.exec(url.pathname);
    if (!match) return { status: 400, body: { code: "InvalidUrl", message: `URL string malformed close to position 1: "${url.pathname}"` } };
    if (fake.mode === "error") return { status: 400, body: { code: "NoRoute", message: "Impossible route between points" } };
    if (fake.mode === "denied") return { status: 429, body: { code: "TooBig", message: "Too many requests" } };
    if (fake.mode === "empty") return { status: 200, body: { code: "Ok", routes: [], waypoints: [] } };
    return { status: 200, body: { code: "Ok", routes: [{ distance: 36_250.4, duration: 2460.7, geometry: SAMPLE_POLYLINE, legs: [] }], waypoints: [] } };
  });
}
