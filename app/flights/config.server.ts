/**
 * Which flight provider this server has (environment variables; none unless its key is set) and
 * the provider itself, kept for the tracker and the pages (set once at start, or by a test). Null:
 * nothing is tracked and no flight status is shown anywhere (issue 31).
 */
import type { Env } from "~/server/env.server";
import { createAeroDataBoxProvider } from "./aerodatabox.server";
import type { FlightProvider } from "./provider";

export type FlightsEnv = Partial<Pick<Env, "FLIGHTS_PROVIDER" | "AERODATABOX_API_KEY" | "AERODATABOX_BASE_URL">>;

export function flightProviderOf(env: FlightsEnv): FlightProvider | null {
  if (env.FLIGHTS_PROVIDER && env.FLIGHTS_PROVIDER !== "aerodatabox") return null;
  return env.AERODATABOX_API_KEY ? createAeroDataBoxProvider({ apiKey: env.AERODATABOX_API_KEY, ...(env.AERODATABOX_BASE_URL ? { baseUrl: env.AERODATABOX_BASE_URL } : {}) }) : null;
}

let current: FlightProvider | null = null;

export function setFlightProvider(provider: FlightProvider | null): void {
  current = provider;
}

export function flightProvider(): FlightProvider | null {
  return current;
}
