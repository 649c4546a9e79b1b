import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps a path on this site, with its query and fragment, resolved", () => {
    expect(safeRedirect("/fleet")).toBe("/fleet");
    expect(safeRedirect("/fleet?category=vip#top")).toBe("/fleet?category=vip#top");
    expect(safeRedirect("/a/../contact")).toBe("/contact");
    expect(safeRedirect("/admin/cars", "/admin/dashboard")).toBe("/admin/cars");
  });

  it("falls back for anything that leaves the site or is not a path", () => {
    for (const target of [
      "/.//evil.example",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "https://evil.example",
      "HTTPS://evil.example/x",
      "%2F%2Fevil",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "/./\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "evil.example",
      "",
      "/%E0%A4%A",
      null,
      undefined,
      42,
    ]) {
      expect(safeRedirect(target), String(target)).toBe("/");
    }
    expect(safeRedirect("//evil.example", "/admin/dashboard")).toBe("/admin/dashboard");
  });
});
