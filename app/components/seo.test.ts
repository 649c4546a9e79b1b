import { describe, expect, it } from "vitest";
import { localizedUrl, pageMeta, rootMetaData } from "./seo";

const base = { title: "Fleet", description: "Our cars", path: "/fleet", publicUrl: "https://lykia.example/", siteName: "Lykia VIP Transfer" };

function link(meta: ReturnType<typeof pageMeta>, rel: string, hrefLang?: string) {
  return meta.find((m) => "rel" in m && m.rel === rel && (hrefLang === undefined || ("hrefLang" in m && m.hrefLang === hrefLang)));
}

describe("page meta", () => {
  it("titles the page with the site name once", () => {
    expect(pageMeta({ ...base, locale: "en", askedLng: null })[0]).toEqual({ title: "Fleet · Lykia VIP Transfer" });
    expect(pageMeta({ ...base, title: "Lykia VIP Transfer fleet", locale: "en", askedLng: null })[0]).toEqual({ title: "Lykia VIP Transfer fleet" });
  });

  it("points the canonical URL at the URL asked for and lists every language plus x-default", () => {
    const plain = pageMeta({ ...base, locale: "tr", askedLng: null });
    expect(link(plain, "canonical")).toMatchObject({ href: "https://lykia.example/fleet" });
    const turkish = pageMeta({ ...base, locale: "tr", askedLng: "tr" });
    expect(link(turkish, "canonical")).toMatchObject({ href: "https://lykia.example/fleet?lng=tr" });
    for (const lng of ["en", "tr", "de", "ru"]) {
      expect(link(turkish, "alternate", lng)).toMatchObject({ href: `https://lykia.example/fleet?lng=${lng}` });
    }
    expect(link(turkish, "alternate", "x-default")).toMatchObject({ href: "https://lykia.example/fleet" });
    expect(turkish).toContainEqual({ property: "og:locale", content: "tr_TR" });
    expect(turkish).toContainEqual({ property: "og:image", content: "https://lykia.example/images/hero/og.jpg" });
  });

  it("reads the root data and an explicit ?lng= from the meta arguments", () => {
    const matches = [{ id: "root", loaderData: { publicUrl: "https://x.test", locale: "de", site: { siteName: "X" } } }];
    expect(rootMetaData(matches, { search: "?lng=de&q=1" })).toEqual({ publicUrl: "https://x.test", locale: "de", askedLng: "de", siteName: "X" });
    expect(rootMetaData(matches, { search: "?lng=xx" }).askedLng).toBeNull();
  });

  it("builds language URLs without a doubled slash", () => {
    expect(localizedUrl("https://a.test/", "/", "ru")).toBe("https://a.test/?lng=ru");
  });
});
