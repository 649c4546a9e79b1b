/**
 * What the product asks of a flight data provider (issue 31): one flight by its number and the
 * local date of its landing at our arrival airport, with the landing's scheduled, estimated and
 * actual instants (UTC, ISO) and a status in the product's words. A provider maps its own answer
 * onto this; the tracker (tracker.server.ts) never sees a provider's shapes.
 */
import type { FlightStatus } from "~/server/db/flights-schema";

export type { FlightStatus };

export interface FlightQuery {
  /** normalised flight number, e.g. "TK2412" (rules.ts `normaliseFlightNumber`) */
  number: string;
  /** the landing's local date at `airport`, YYYY-MM-DD */
  date: string;
  /** the arrival airport's IATA code (AYT, GZP…) */
  airport: string;
}

export interface FlightArrival {
  status: FlightStatus;
  scheduledAt: string | null;
  /** the airline's revised or the provider's predicted landing */
  estimatedAt: string | null;
  actualAt: string | null;
}

/** found: the flight lands at the airport that day; not found: no such flight (that day, there). */
export type FlightLookup = { found: true; flight: FlightArrival } | { found: false };

/** Why a call failed: worth trying again later (all of them), and how soon the provider asked. */
export type FlightProviderFailure = "rate_limited" | "unavailable" | "timeout" | "refused";

export class FlightProviderError extends Error {
  constructor(
    readonly failure: FlightProviderFailure,
    message: string,
    /** the provider's Retry-After, in ms */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "FlightProviderError";
  }
}

export interface FlightProvider {
  readonly name: "aerodatabox";
  /** Throws FlightProviderError when the provider could not answer. */
  lookup(query: FlightQuery): Promise<FlightLookup>;
}
