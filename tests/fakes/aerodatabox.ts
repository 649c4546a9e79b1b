/**
 * A local AeroDataBox API (as served through RapidAPI) for tests: what our flight provider uses of
 * the real one, answered the way it answers. `GET /flights/number/{number}/{dateLocal}` with
 * `X-RapidAPI-Key` (wrong or missing: 401/403 with RapidAPI's `{ message }`), the number with or
 * without its space ("TK2412", "TK 2412"); the flights with that number on that local date as an
 * array of FlightContract (`number`, `status`, `departure` and `arrival` movements with
 * `scheduledTime`/`revisedTime`/`runwayTime` as `{ utc: "2026-12-01 14:05Z", local }`), or 204
 * No Content for an unknown flight; a malformed date is a 400. Modes: "rate_limited" (429 with
 * Retry-After), "down" (500), "hang" (no answer until closed), "garbage" (a 200 that is an HTML page,
 * as a captive proxy answers).
 */
import { listenOnLoopback } from "./loopback";
import { createServer, type ServerResponse } from "node:http";

export type AeroStatus = "Unknown" | "Expected" | "EnRoute" | "CheckIn" | "Boarding" | "GateClosed" | "Departed" | "Delayed" | "Approaching" | "Arrived" | "Canceled" | "Diverted" | "CanceledUncertain";

export interface FakeFlight {
  status: AeroStatus;
  /** the arrival airport's IATA code (default AYT) */
  arrivalIata?: string;
  /** ISO instants */
  scheduledArrival: string;
  revisedArrival?: string;
  runwayArrival?: string;
}

export interface AeroDataBoxFake {
  url: string;
  mode: "ok" | "rate_limited" | "down" | "hang" | "garbage";
  /** Retry-After seconds sent with a 429 */
  retryAfterSeconds: number;
  /** every request's path and whether its key was right */
  calls: Array<{ path: string; authorised: boolean }>;
  /** sets (or replaces) a flight on its local arrival date */
  setFlight(number: string, dateLocal: string, flight: FakeFlight): void;
  close(): Promise<void>;
}

const compact = (number: string) => number.toUpperCase().replace(/\s+/g, "");
/** "2026-12-01T14:05:00.000Z" → "2026-12-01 14:05Z", as AeroDataBox writes UTC times */
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}Z`;
/** the same in Antalya's time (+03:00) */
const local = (iso: string) => {
  const t = new Date(Date.parse(iso) + 3 * 3600_000).toISOString();
  return `${t.slice(0, 10)} ${t.slice(11, 16)}+03:00`;
};
const time = (iso: string | undefined) => (iso ? { utc: utc(iso), local: local(iso) } : undefined);

export async function startAeroDataBoxFake(options: { key: string }): Promise<AeroDataBoxFake> {
  const flights = new Map<string, { number: string; flight: FakeFlight }>();
  const hanging = new Set<ServerResponse>();
  const fake = {
    mode: "ok",
    retryAfterSeconds: 60,
    calls: [],
    setFlight(number: string, dateLocal: string, flight: FakeFlight) {
      flights.set(`${compact(number)}/${dateLocal}`, { number: number.toUpperCase().replace(/^([A-Z0-9]{2})\s*/, "$1 "), flight });
    },
  } as unknown as AeroDataBoxFake;
  const send = (res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) => {
    if (body === undefined) res.writeHead(status, headers).end();
    else res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const key = req.headers["x-rapidapi-key"];
    const authorised = key === options.key;
    fake.calls.push({ path: url.pathname, authorised });
    if (fake.mode === "hang") {
      hanging.add(res);
      return;
    }
    if (!key) return send(res, 401, { message: "Invalid API key. Go to https://docs.rapidapi.com/docs/keys for more info." });
    if (!authorised) return send(res, 403, { message: "You are not subscribed to this API." });
    if (fake.mode === "rate_limited") return send(res, 429, { message: "Too many requests" }, { "Retry-After": String(fake.retryAfterSeconds) });
    if (fake.mode === "down") return send(res, 500, { message: "Internal server error" });
    if (fake.mode === "garbage") {
      res.writeHead(200, { "Content-Type": "text/html" }).end("<html><body>Gateway</body></html>");
      return;
    }
    const match = /^\/flights\/number\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (req.method !== "GET" || !match) return send(res, 404, { message: "Endpoint not found" });
    const [number, date] = [decodeURIComponent(match[1]!), decodeURIComponent(match[2]!)];
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return send(res, 400, { message: "The dateLocal field is not a valid date." });
    const found = flights.get(`${compact(number)}/${date}`);
    if (!found) return send(res, 204);
    const { flight } = found;
    send(res, 200, [
      {
        number: found.number,
        status: flight.status,
        codeshareStatus: "IsOperator",
        isCargo: false,
        lastUpdatedUtc: utc(new Date().toISOString()),
        departure: { airport: { icao: "EDDF", iata: "FRA", name: "Frankfurt-am-Main" }, scheduledTime: time(new Date(Date.parse(flight.scheduledArrival) - 3.5 * 3600_000).toISOString()), quality: ["Basic"] },
        arrival: {
          airport: { icao: flight.arrivalIata === "GZP" ? "LTFG" : "LTAI", iata: flight.arrivalIata ?? "AYT", name: "Antalya" },
          scheduledTime: time(flight.scheduledArrival),
          ...(flight.revisedArrival ? { revisedTime: time(flight.revisedArrival) } : {}),
          ...(flight.runwayArrival ? { runwayTime: time(flight.runwayArrival) } : {}),
          terminal: "2",
          quality: ["Basic", "Live"],
        },
        airline: { name: "Test Air", iata: compact(number).slice(0, 2), icao: "TST" },
      },
    ]);
  });
  Object.assign(fake, await listenOnLoopback(server, hanging));
  return fake;
}
