/**
 * Meta tags of a public page: title, description, canonical URL, hreflang alternates (one URL per
 * language through `?lng=`, x-default without it) and Open Graph. Route `meta` functions call
 * `pageMeta` with the texts their loader translated.
 */
import type { MetaDescriptor } from "react-router";
import { isLanguage, LANGUAGES, LOCALE_TAGS, type Language } from "~/i18n/config";

export interface PageMetaInput {
  title: string;
  description: string;
  /** the page's path, e.g. "/fleet" */
  path: string;
  /** from the root loader */
  publicUrl: string;
  locale: Language;
  /** the `?lng=` the page was asked with, if any: the canonical URL is the URL asked for */
  askedLng: Language | null;
  siteName: string;
  image?: string;
}

export function localizedUrl(publicUrl: string, path: string, lng?: Language): string {
  const base = publicUrl.replace(/\/+$/, "");
  return `${base}${path}${lng ? `?lng=${lng}` : ""}`;
}

/**
 * A page's title with the brand after it, as every public page's ("Request a quote · Lykia VIP
 * Transfer"); a title that already names the brand is left as it is.
 */
export function brandedTitle(title: string, siteName: string): string {
  if (!siteName || title.includes(siteName)) return title;
  return title ? `${title} · ${siteName}` : siteName;
}

export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const url = localizedUrl(input.publicUrl, input.path, input.askedLng ?? undefined);
  const image = localizedUrl(input.publicUrl, input.image ?? "/images/hero/og.jpg");
  const title = brandedTitle(input.title, input.siteName);
  return [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    ...LANGUAGES.map((lng) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: lng,
      href: localizedUrl(input.publicUrl, input.path, lng),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: localizedUrl(input.publicUrl, input.path) },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: input.siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:locale", content: LOCALE_TAGS[input.locale].replace("-", "_") },
    ...LANGUAGES.filter((l) => l !== input.locale).map((l) => ({
      property: "og:locale:alternate",
      content: LOCALE_TAGS[l].replace("-", "_"),
    })),
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** Reads the root loader's data out of a meta function's `matches`, and the `?lng=` of the URL. */
export function rootMetaData(
  matches: ReadonlyArray<{ id: string; data?: unknown; loaderData?: unknown } | undefined>,
  location: { search: string },
) {
  const asked = new URLSearchParams(location.search).get("lng");
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as
    | { publicUrl: string; locale: Language; site: { siteName: string } }
    | undefined;
  return {
    publicUrl: data?.publicUrl ?? "",
    locale: data?.locale ?? ("en" as Language),
    askedLng: isLanguage(asked) ? asked : null,
    siteName: data?.site.siteName ?? "",
  };
}

/** The public pages, for the sitemap (every one in every language). */
export const PUBLIC_PATHS = ["/", "/fleet", "/services", "/about", "/contact", "/privacy", "/terms"] as const;
