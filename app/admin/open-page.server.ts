/** What the open back-office pages (login, reset, two-factor) need from the server. */
import type { RouterContextProvider } from "react-router";
import { authSchemas } from "~/auth/schemas";
import { getApp } from "~/server/context";
import { getSettings } from "~/settings/settings.server";
import { adminLanguage } from "./i18n.server";
import { readAdminTheme } from "./theme.server";

export async function openPageData(request: Request, context: Readonly<RouterContextProvider>) {
  const settings = await getSettings(getApp(context).db.kysely);
  // The language setting is global: the sign-in pages speak the admin language too (Turkish by default).
  const adminLang = settings.appearance.language;
  return {
    adminLang,
    theme: readAdminTheme(request, settings.appearance.darkMode),
    siteName: settings.general.siteName,
  };
}

/** For an action with a sign-in form (the open pages, two-factor enrolment): the admin language and the sign-in schemas. */
export async function openPageForms(context: Readonly<RouterContextProvider>) {
  const lng = await adminLanguage(getApp(context).db.kysely);
  return { lng, schemas: authSchemas };
}

/** The address mail links start with: PUBLIC_URL, else the request's own origin. */
export function baseUrlOf(request: Request, publicUrl: string | undefined): string {
  return publicUrl || new URL(request.url).origin;
}
