/**
 * React Router's own request handler over the whole app, for integration tests that request pages
 * and resource routes as a browser would (root middleware, layouts' middleware, real route modules):
 * a server build made from THE route table (app/routes.ts), so a new route is served the day it is added.
 */
import {
  createRequestHandler,
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  type RouterContextProvider,
  type ServerBuild,
} from "react-router";
import routeTable from "~/routes";
import * as entry from "~/entry.server";
import * as root from "~/root";

interface RouteEntry {
  id?: string;
  path?: string;
  file: string;
  index?: boolean;
  children?: RouteEntry[];
}

export interface FlatRoute {
  id: string;
  parentId: string;
  file: string;
  /** the full pattern, "/admin/cars/edit/:id"; undefined for a pathless layout */
  pattern?: string;
  relativePath?: string;
  index?: boolean;
  underBackOffice: boolean;
}

const BACK_OFFICE_LAYOUT = "routes/admin/layout.tsx";
const idOf = (entry: RouteEntry) => entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");

function flatten(entries: RouteEntry[], parentId = "root", base = "", underBackOffice = false): FlatRoute[] {
  return entries.flatMap((entry) => {
    const full = entry.path ? `${base}/${entry.path}` : base;
    const inside = underBackOffice || entry.file === BACK_OFFICE_LAYOUT;
    const isUrl = Boolean(entry.path) || Boolean(entry.index);
    const self: FlatRoute = {
      id: idOf(entry),
      parentId,
      file: entry.file,
      pattern: isUrl ? full || "/" : undefined,
      relativePath: entry.path,
      index: entry.index,
      underBackOffice: inside,
    };
    return [self, ...flatten(entry.children ?? [], self.id, full, inside)];
  });
}

export const FLAT = flatten(routeTable as RouteEntry[]);
export const URL_ROUTES = FLAT.filter((r) => r.pattern !== undefined);

export type RouteModule = { loader?: unknown; action?: unknown; default?: unknown; ErrorBoundary?: unknown };
const modules = import.meta.glob<RouteModule>("../../app/routes/**/*.{ts,tsx}", { eager: true });
const sources = import.meta.glob<string>("../../app/routes/**/*.{ts,tsx}", { eager: true, query: "?raw", import: "default" });
export const moduleOf = (file: string) => {
  const mod = modules[`../../app/${file}`];
  if (!mod) throw new Error(`route module missing: ${file}`);
  return mod;
};
/** A module another helper has not written yet answers 404 to everyone by itself (no guard of its own). */
export const isPlaceholder = (file: string) => (sources[`../../app/${file}`] ?? "").startsWith("// Placeholder");

/** A route module as the framework's compiler hands it over: components get their props. */
function compiled(module: RouteModule): RouteModule {
  return {
    ...module,
    ...(module.default ? { default: UNSAFE_withComponentProps(module.default as never) } : {}),
    ...(module.ErrorBoundary ? { ErrorBoundary: UNSAFE_withErrorBoundaryProps(module.ErrorBoundary as never) } : {}),
  };
}

export function serverBuild(): ServerBuild {
  const routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: RouteModule }> = {
    root: { id: "root", path: "", module: compiled(root as RouteModule) },
  };
  for (const r of FLAT) routes[r.id] = { id: r.id, parentId: r.parentId, path: r.relativePath, index: r.index, module: compiled(moduleOf(r.file)) };
  const manifestRoute = (id: string, r: (typeof routes)[string]) => ({
    id,
    parentId: r.parentId,
    path: r.path,
    index: r.index,
    module: `/assets/${id}.js`,
    hasAction: "action" in r.module,
    hasLoader: "loader" in r.module,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: "ErrorBoundary" in r.module,
  });
  return {
    entry: { module: entry },
    routes,
    assets: {
      entry: { module: "/assets/entry.js", imports: [] },
      routes: Object.fromEntries(Object.entries(routes).map(([id, r]) => [id, manifestRoute(id, r)])),
      url: "/assets/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_middleware: true, unstable_subResourceIntegrity: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

/** The app's request handler (as server/app.ts uses it, without Express in front). */
export function appRequestHandler(): (request: Request, context: RouterContextProvider) => Promise<Response> {
  return createRequestHandler(serverBuild(), "production") as never;
}
