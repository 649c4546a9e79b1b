/**
 * The API's own route table (app/server/http/adapter.server.ts, issue 17): every URL under /api/
 * of THE route table (app/routes.ts) is in it, as the same route, and nothing else but the root.
 * A route nested elsewhere that answered under /api/ would be missed by it: this test says so.
 */
import { describe, expect, it } from "vitest";
import { apiRouteTable } from "~/server/http/adapter.server";
import { serverBuild, URL_ROUTES } from "../setup/app-handler";

describe("the API's route table", () => {
  const build = serverBuild();
  const api = apiRouteTable(build);

  it("holds the root and every route under /api/, each as the whole table has it", () => {
    const underApi = URL_ROUTES.filter((r) => r.pattern === "/api" || r.pattern!.startsWith("/api/"));
    expect(underApi.length).toBeGreaterThan(20);
    expect(Object.keys(api.routes).sort()).toEqual(["root", ...underApi.map((r) => r.id)].sort());
    for (const r of underApi) expect(api.routes[r.id]).toBe(build.routes[r.id]);
  });

  it("holds no page, and keeps the rest of the build as it is", () => {
    expect(Object.values(api.routes).some((r) => r!.path === "fleet" || r!.id.includes("admin/"))).toBe(false);
    expect(api.entry).toBe(build.entry);
    expect(api.assets).toBe(build.assets);
    expect(api.future).toBe(build.future);
  });
});
