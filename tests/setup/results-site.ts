/**
 * The public site as server/app.ts assembles it, for the results page's cache tests: the page
 * cache's middleware (with the new searches' templates, or without) in front of the router, on
 * the change feed of the database handle it uses; on PostgreSQL hearing the other instances
 * (LISTEN), as the cache needs to keep anything. `cached: false`: the router alone (a render).
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { expect, vi } from "vitest";
import { createCar } from "~/fleet/cars.server";
import { createExtra } from "~/pricing/tables.server";
import { startChangeNotifier, type ChangeNotifier } from "~/server/db/change-notify.server";
import type { Db } from "~/server/db/connection.server";
import { createRouterHandler } from "~/server/http/adapter.server";
import { PageCache } from "~/server/http/page-cache.server";
import { searchTemplater } from "~/server/http/search-templates.server";
import { getSettings } from "~/settings/settings.server";
import { kurus } from "~/utils/money";
import { buildCar } from "../../db/seed/factories";
import { SEED_EXTRAS } from "../../db/seed/pricing";
import { moduleOf, serverBuild } from "./app-handler";
import { silentLog, testAppContext } from "./test-app";

export const RESULTS_ENV = { PUBLIC_URL: "http://localhost", SESSION_SECRET: "results-site-test-secret-0123456789", ROUTING_PROVIDER: "builtin" as const };

export interface ResultsSite {
  base: string;
  cache?: PageCache;
  close(): Promise<void>;
}

/** Starts hearing the other instances' changes on PostgreSQL (nothing to do on SQLite); close it after. */
export async function hearChanges(db: Db): Promise<ChangeNotifier | null> {
  if (db.engine !== "postgres") return null;
  const notifier = startChangeNotifier({ db, url: process.env.TEST_DATABASE_URL!, log: silentLog, quiet: new Set(), onReconnect: () => {} });
  db.changes.trustWhen(() => notifier.live());
  await vi.waitFor(() => expect(notifier.live()).toBe(true));
  return notifier;
}

/**
 * One instance of the site on `db` (`listen: false`: a second cache on a handle that already
 * hears the others; `templates`: new searches from templates, as server/app.ts runs them).
 */
export async function startResultsSite(db: Db, options: { maxBytes?: number; listen?: boolean; cached?: boolean; templates?: boolean } = {}): Promise<ResultsSite> {
  const contextOf = () => testAppContext(db, { env: RESULTS_ENV });
  const cached = options.cached ?? true;
  const notifier = cached && options.listen !== false ? await hearChanges(db) : null;
  const cache = cached
    ? new PageCache({
        changes: db.changes,
        maxBytes: options.maxBytes ?? 16 * 1024 * 1024,
        live: () => db.changes.fresh(),
        templates: options.templates
          ? searchTemplater({
              loader: moduleOf("routes/site/booking-results.tsx").loader as Parameters<typeof searchTemplater>[0]["loader"],
              contextOf,
              originOf: () => RESULTS_ENV.PUBLIC_URL,
              settings: () => getSettings(db.kysely),
            })
          : undefined,
      })
    : undefined;
  const app = express();
  if (cache) app.use(cache.middleware());
  app.use(createRouterHandler({ build: serverBuild(), publicUrl: RESULTS_ENV.PUBLIC_URL, log: silentLog, getLoadContext: contextOf }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cache,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await notifier?.close();
    },
  };
}

/** A sedan and a van (`prefix` names them) and the child seat extra: what the results tests price. */
export async function seedResultsFleet(db: Db, prefix: string): Promise<{ sedan: string; van: string }> {
  const sedan = (await createCar(db.kysely, buildCar({ name: `${prefix} Sedan`, category: "Sedan", seats: 4, luggage: 4, price_per_km: kurus(2500) }))).id;
  const van = (await createCar(db.kysely, buildCar({ name: `${prefix} Vito`, category: "Minivan", seats: 7, luggage: 7, price_per_km: kurus(3500) }))).id;
  await createExtra(db.kysely, SEED_EXTRAS.find((e) => e.code === "child-seat")!);
  return { sedan, van };
}
