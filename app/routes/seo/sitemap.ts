/** GET /sitemap.xml — every public page in every language, with its hreflang alternates. */
import type { Route } from "./+types/sitemap";
import { localizedUrl, PUBLIC_PATHS } from "~/components/seo";
import { LANGUAGES } from "~/i18n/config";
import { getApp } from "~/server/context";

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function loader({ context }: Route.LoaderArgs) {
  const { env } = getApp(context);
  const base = env.PUBLIC_URL;
  const urls = PUBLIC_PATHS.flatMap((path) =>
    LANGUAGES.map((lng) => {
      const alternates = [
        ...LANGUAGES.map((alt) => `    <xhtml:link rel="alternate" hreflang="${alt}" href="${escape(localizedUrl(base, path, alt))}"/>`),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${escape(localizedUrl(base, path))}"/>`,
      ].join("\n");
      return `  <url>\n    <loc>${escape(localizedUrl(base, path, lng))}</loc>\n${alternates}\n    <changefreq>weekly</changefreq>\n    <priority>${path === "/" ? "1.0" : "0.7"}</priority>\n  </url>`;
    }),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join("\n")}
</urlset>
`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
