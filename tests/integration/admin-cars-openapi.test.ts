import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "~/routes/api/openapi.document";
import * as openapiRoute from "~/routes/api/openapi";

/** Every `route("…")` inside the api prefix of app/routes.ts, as an OpenAPI path. */
function apiPaths(): string[] {
  const table = readFileSync(new URL("../../app/routes.ts", import.meta.url), "utf8");
  const block = table.slice(table.indexOf('...prefix("api"'));
  return [...block.matchAll(/route\("([^"]+)"/g)]
    .map((m) => m[1]!)
    .filter((p) => p !== "*")
    .map((p) => `/api/${p.replace(/:(\w+)/g, "{$1}")}`);
}

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1 and describes every /api route of the route table", () => {
    expect(openApiDocument.openapi).toBe("3.1.0");
    const documented = Object.keys(openApiDocument.paths);
    const routes = apiPaths();
    expect(routes.length).toBeGreaterThan(10);
    for (const path of routes) expect(documented, path).toContain(path);
  });

  it("points every $ref at a defined schema", () => {
    const text = JSON.stringify(openApiDocument);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1]!);
    for (const name of refs) expect(Object.keys(openApiDocument.components.schemas), name).toContain(name);
  });

  it("is served as JSON at /api/openapi.json", async () => {
    const response = openapiRoute.loader();
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = (await response.json()) as { paths: Record<string, unknown> };
    expect(body.paths["/api/cars/{id}"]).toBeDefined();
  });
});
