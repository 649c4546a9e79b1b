/** GET /robots.txt — the public site is open; the back office and the API are not for crawlers. */
import type { Route } from "./+types/robots";
import { getApp } from "~/server/context";

export function loader({ context }: Route.LoaderArgs) {
  const { env } = getApp(context);
  const text = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api", "Disallow: /newsletter", "", `Sitemap: ${env.PUBLIC_URL.replace(/\/+$/, "")}/sitemap.xml`, ""].join("\n");
  return new Response(text, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
