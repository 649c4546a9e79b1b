/**
 * Places and routes as the booking engine uses them: the configured provider (ROUTING_PROVIDER),
 * a 4-second limit per call, a fallback to `builtin` on any failure or timeout (logged, never
 * blocking a booking), and a cache of answers.
 *
 * Cache: a bounded in-process LRU per app instance (see lru.ts). Answers are deterministic for
 * the same question, so instances need not share it; a restart only costs provider calls.
 *
 * Builtin routing answers from the road table first (road-table.server.ts: the office's
 * corrections over the published distances), and only when no row applies from the estimate.
 * Its answers are not cached: they are cheap, and a correction must reach the next quote.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/server/db/schema";
import type { Logger } from "~/server/logger.server";
import { LruCache } from "./lru";
import { cachedCorrections } from "./road-corrections.server";
import { builtinPlaces, builtinRouting } from "./providers/builtin.server";
import { googlePlaces, googleRouting } from "./providers/google.server";
import { osrmRouting } from "./providers/osrm.server";
import { resolveGazetteer } from "./gazetteer.server";
import { lookupRoad, tableRoute, type RoadCorrections, type RoutePoint } from "./road-table.server";
import type { Place, PlaceSuggestion, PlacesProvider, RouteResult, RoutingProvider } from "./types";
import { foldSearchText } from "~/utils/search-text";

export const PROVIDER_TIMEOUT_MS = 4000;

export interface PlaceServiceConfig {
  ROUTING_PROVIDER: "builtin" | "google" | "osrm";
  GOOGLE_MAPS_API_KEY?: string;
  GOOGLE_PLACES_URL?: string;
  GOOGLE_ROUTES_URL?: string;
  OSRM_URL?: string;
}

export interface PlaceServices {
  readonly placesProvider: string;
  readonly routingProvider: string;
  suggest(query: string, language: string): Promise<PlaceSuggestion[]>;
  place(id: string, language: string): Promise<Place | null>;
  /** The place a typed text means, or null when nothing matches or several match equally well. */
  resolveText(text: string, language: string): Promise<Place | null>;
  /** The place a typed text means (null when unknown or ambiguous) and the candidates to pick from, labelled in the language. */
  matchText(text: string, language: string): Promise<TextMatch>;
  /** Places keep their id (`Place` objects), so a known pair is found in the road table. */
  route(from: RoutePoint, to: RoutePoint): Promise<RouteResult>;
}

export interface TextMatch {
  place: Place | null;
  candidates: PlaceSuggestion[];
}

const suggestion = ({ id, label, kind }: PlaceSuggestion): PlaceSuggestion => ({ id, label, kind });

const NO_CORRECTIONS: RoadCorrections = new Map();

export function createPlaceServices(
  config: PlaceServiceConfig,
  log: Pick<Logger, "warn">,
  options: { timeoutMs?: number; fetch?: typeof fetch; corrections?: () => Promise<RoadCorrections> } = {},
): PlaceServices {
  const timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const key = config.GOOGLE_MAPS_API_KEY;
  const places: PlacesProvider =
    config.ROUTING_PROVIDER === "google" && key
      ? googlePlaces({ apiKey: key, baseUrl: config.GOOGLE_PLACES_URL, fetch: options.fetch })
      : builtinPlaces;
  const routing: RoutingProvider =
    config.ROUTING_PROVIDER === "google" && key
      ? googleRouting({ apiKey: key, baseUrl: config.GOOGLE_ROUTES_URL, fetch: options.fetch })
      : config.ROUTING_PROVIDER === "osrm" && config.OSRM_URL
        ? osrmRouting({ baseUrl: config.OSRM_URL, fetch: options.fetch })
        : builtinRouting;

  const suggestions = new LruCache<PlaceSuggestion[]>(500, 24 * 60 * 60_000);
  const details = new LruCache<Place | null>(2000, 24 * 60 * 60_000);
  const routes = new LruCache<RouteResult>(2000, 6 * 60 * 60_000);

  /** The office's corrections; the published table alone when they cannot be read. */
  async function corrections(): Promise<RoadCorrections> {
    if (!options.corrections) return NO_CORRECTIONS;
    try {
      return await options.corrections();
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, "road corrections unreadable, using the published table");
      return NO_CORRECTIONS;
    }
  }

  /** Builtin routing: the road table, else the estimate. */
  async function builtinRoute(from: RoutePoint, to: RoutePoint): Promise<RouteResult> {
    const figure = lookupRoad(from, to, await corrections());
    return figure ? tableRoute(figure) : builtinRouting.route(from, to, {});
  }

  async function guarded<T>(what: string, provider: string, call: (signal: AbortSignal) => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    try {
      return await call(AbortSignal.timeout(timeoutMs));
    } catch (error) {
      log.warn({ provider, what, err: error instanceof Error ? error.message : String(error) }, "map provider failed, using builtin");
      return fallback();
    }
  }

  const service: PlaceServices = {
    placesProvider: places.name,
    routingProvider: routing.name,
    async suggest(query, language) {
      const q = query.trim().slice(0, 200);
      if (foldSearchText(q).length < 2) return [];
      const cacheKey = `${language}|${foldSearchText(q)}`;
      const hit = suggestions.get(cacheKey);
      if (hit) return hit;
      const list =
        places === builtinPlaces
          ? await builtinPlaces.suggest(q, { language })
          : await guarded("suggest", places.name, (signal) => places.suggest(q, { language, signal }), () => builtinPlaces.suggest(q, { language }));
      suggestions.set(cacheKey, list);
      return list;
    },
    async place(id, language) {
      if (!id.startsWith("g:")) return builtinPlaces.place(id, { language });
      if (places === builtinPlaces) return null;
      const hit = details.get(id);
      if (hit !== undefined) return hit;
      const found = await guarded("place", places.name, (signal) => places.place(id, { language, signal }), async () => undefined);
      if (found === undefined) return null; // failed: not cached, asked again next time
      details.set(id, found);
      return found;
    },
    async resolveText(text, language) {
      return (await service.matchText(text, language)).place;
    },
    async matchText(text, language) {
      if (!foldSearchText(text)) return { place: null, candidates: [] };
      const local = resolveGazetteer(text, language);
      // Our own full label (in any language) is taken as is; anything else goes to Google first when configured.
      if (local.place && (places === builtinPlaces || isWholeName(local.place, text))) return { place: local.place, candidates: local.candidates.map(suggestion) };
      if (places !== builtinPlaces) {
        const remote = await service.suggest(text, language);
        const first = remote.find((s) => s.id.startsWith("g:"));
        if (first) {
          const place = await service.place(first.id, language);
          if (place) return { place, candidates: remote.map(suggestion) };
        }
      }
      return { place: local.place, candidates: local.candidates.map(suggestion) };
    },
    async route(from, to) {
      if (routing === builtinRouting) return builtinRoute(from, to);
      const cacheKey = [from.lat, from.lng, to.lat, to.lng].map((n) => n.toFixed(5)).join(",");
      const hit = routes.get(cacheKey);
      if (hit) return hit;
      const result = await guarded("route", routing.name, (signal) => routing.route(from, to, { signal }), () => builtinRoute(from, to));
      // A builtin answer standing in for a failed provider is not cached: the provider is asked again next time.
      if (result.source === routing.name) routes.set(cacheKey, result);
      return result;
    },
  };
  return service;
}

/** Whether the text is the place's label or canonical label ("Belek, Antalya", "Аэропорт Анталья (AYT)"), as a picked suggestion fills the field. */
function isWholeName(place: Place, text: string): boolean {
  const q = foldSearchText(text);
  return [place.label, place.canonical].some((n) => n !== undefined && foldSearchText(n) === q);
}

let shared: { config: PlaceServiceConfig; db: Kysely<Database> | undefined; services: PlaceServices } | undefined;

/** The process's services for its configuration and database (one cache per instance). */
export function getPlaceServices(config: PlaceServiceConfig, log: Pick<Logger, "warn">, db?: Kysely<Database>): PlaceServices {
  if (!shared || shared.config !== config || shared.db !== db) {
    shared = { config, db, services: createPlaceServices(config, log, db ? { corrections: () => cachedCorrections(db) } : {}) };
  }
  return shared.services;
}
