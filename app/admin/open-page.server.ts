/** What the open back-office pages (login, reset, two-factor) need from the server. */
import type { RouterContextProvider } from "react-router";
import { getApp } from "~/server/context";
import { getSettings } from "~/settings/settings.server";
import { adminCatalogue } from "./i18n.server";
import { readAdminTheme } from "./theme.server";

export async function openPageData(request: Request, context: Readonly<RouterContextProvider>) {
  const settings = await getSettings(getApp(context).db.kysely);
  return {
    /** the sign-in pages are Turkish whatever the admin language (spec §2) */
    adminLang: "tr" as const,
    catalogue: adminCatalogue("tr"),
    theme: readAdminTheme(request, settings.appearance.darkMode),
    siteName: settings.general.siteName,
  };
}

/** The address mail links start with: PUBLIC_URL, else the request's own origin. */
export function baseUrlOf(request: Request, publicUrl: string | undefined): string {
  return publicUrl || new URL(request.url).origin;
}
