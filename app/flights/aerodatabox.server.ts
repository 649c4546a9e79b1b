/**
 * AeroDataBox (through RapidAPI) as the flight provider (issue 31; why: docs/decisions/015):
 * `GET /flights/number/{number}/{dateLocal}?dateLocalRole=Arrival` answers the flights with that
 * number landing on that local date, each with its arrival's scheduled, revised, predicted and
 * runway times ({utc, local}) and a status. No answer (204, or 404 on older plans): no such flight.
 * There is no official Node client: one fetch with a timeout.
 */
import { FlightProviderError, type FlightArrival, type FlightLookup, type FlightProvider, type FlightQuery, type FlightStatus } from "./provider";

export const AERODATABOX_URL = "https://aerodatabox.p.rapidapi.com";
const TIMEOUT_MS = 10_000;

/** AeroDataBox's statuses in the product's words (Expected, EnRoute, … CanceledUncertain). */
const STATUSES: Record<string, FlightStatus> = {
  Expected: "scheduled",
  CheckIn: "scheduled",
  Boarding: "scheduled",
  GateClosed: "scheduled",
  Departed: "en_route",
  EnRoute: "en_route",
  Approaching: "en_route",
  Delayed: "delayed",
  Arrived: "landed",
  Canceled: "cancelled",
  CanceledUncertain: "cancelled",
  Diverted: "diverted",
};

type Time = { utc?: string } | undefined;
interface Movement {
  airport?: { iata?: string };
  scheduledTime?: Time;
  revisedTime?: Time;
  predictedTime?: Time;
  runwayTime?: Time;
  // older answers put the times flat
  scheduledTimeUtc?: string;
  actualTimeUtc?: string;
  runwayTimeUtc?: string;
}
interface Flight {
  status?: string;
  arrival?: Movement;
}

/** "2026-12-01 14:05Z" → ISO; anything unreadable → null. */
function instant(text: string | undefined): string | null {
  if (!text) return null;
  const ms = Date.parse(text.trim().replace(" ", "T"));
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** One flight's arrival in the product's terms (exported for the unit test). */
export function arrivalOf(flight: Flight): FlightArrival {
  const a = flight.arrival ?? {};
  const status = STATUSES[flight.status ?? ""] ?? "unknown";
  const revised = instant(a.revisedTime?.utc) ?? instant(a.predictedTime?.utc);
  const runway = instant(a.runwayTime?.utc) ?? instant(a.runwayTimeUtc) ?? instant(a.actualTimeUtc);
  const landed = status === "landed";
  return {
    status,
    scheduledAt: instant(a.scheduledTime?.utc) ?? instant(a.scheduledTimeUtc),
    estimatedAt: landed ? null : revised,
    // once arrived, the revised time is the landing when no runway time came
    actualAt: landed ? (runway ?? revised) : null,
  };
}

const retryAfterMs = (header: string | null): number | undefined => {
  const seconds = Number(header);
  return header && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
};

export function createAeroDataBoxProvider(options: { apiKey: string; baseUrl?: string; timeoutMs?: number }): FlightProvider {
  const base = (options.baseUrl ?? AERODATABOX_URL).replace(/\/+$/, "");
  const host = new URL(base).host;
  return {
    name: "aerodatabox",
    async lookup(query: FlightQuery): Promise<FlightLookup> {
      const url = `${base}/flights/number/${encodeURIComponent(query.number)}/${encodeURIComponent(query.date)}?dateLocalRole=Arrival&withAircraftImage=false&withLocation=false`;
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { "X-RapidAPI-Key": options.apiKey, "X-RapidAPI-Host": host, Accept: "application/json" },
          signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        throw new FlightProviderError(timedOut ? "timeout" : "unavailable", timedOut ? "AeroDataBox did not answer in time" : "AeroDataBox could not be reached");
      }
      if (response.status === 204 || response.status === 404) return { found: false };
      if (response.status === 429) throw new FlightProviderError("rate_limited", "AeroDataBox: too many requests", retryAfterMs(response.headers.get("retry-after")));
      if (response.status === 401 || response.status === 403) throw new FlightProviderError("refused", `AeroDataBox refused the key (${response.status})`);
      if (!response.ok) throw new FlightProviderError("unavailable", `AeroDataBox answered ${response.status}`, retryAfterMs(response.headers.get("retry-after")));
      let flights: unknown;
      try {
        flights = await response.json();
      } catch {
        throw new FlightProviderError("unavailable", "AeroDataBox answered something that is not JSON");
      }
      if (!Array.isArray(flights)) throw new FlightProviderError("unavailable", "AeroDataBox answered an unexpected shape");
      // the leg landing at our airport (a number may fly several legs that day)
      const ours = (flights as Flight[]).find((f) => f.arrival?.airport?.iata?.toUpperCase() === query.airport);
      return ours ? { found: true, flight: arrivalOf(ours) } : { found: false };
    },
  };
}
