import { lazy, useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { ErrorPage } from "./components/error-page";
import { isForbiddenData } from "./admin/forbidden";
import { useNonce } from "./components/nonce";
import { LOCALE_TAGS } from "./i18n/config";
import { getLanguage, i18nextMiddleware, persistLanguageMiddleware } from "./i18n/i18next.server";
import { getSettings } from "./settings/settings.server";
import { currencyOf, persistCurrencyMiddleware } from "./pricing/currency.server";
import { persistPartnerLinkMiddleware } from "./partners/attribution.server";
import type { CurrencyView } from "./pricing/currency";
import { hireTermsOf } from "./booking/rules/hire";
import { getApp } from "./server/context";
import { databaseFailureMiddleware } from "./server/unavailable.server";
import { publicEnv } from "./server/env.server";
import type { ProblemData } from "./server/http/problem.server";
import { requestProblemMiddleware } from "./server/http/problem.server";
import { START_AFTER_PAINT } from "./styles/paint-first";
import "./app.css";

// databaseFailureMiddleware first: it wraps everything else (app/server/unavailable.server.ts); then
// the language (every answer is translated), requests refused before routing, and the cookie.
export const middleware: Route.MiddlewareFunction[] = [databaseFailureMiddleware, i18nextMiddleware, requestProblemMiddleware, persistLanguageMiddleware, persistCurrencyMiddleware, persistPartnerLinkMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = getApp(context);
  const settings = await getSettings(db.kysely);
  const locale = getLanguage(context);
  const currency: CurrencyView = { currency: await currencyOf(request, locale), rates: settings.currency.rates, ratesSetAt: settings.currency.ratesSetAt };
  return data({
    locale,
    currency,
    /** hourly hire's bounds and included km, for the search form wherever it is shown */
    hire: hireTermsOf(settings.pricing),
    site: settings.general,
    primaryColor: settings.appearance.primaryColor,
    publicUrl: env.PUBLIC_URL,
    env: publicEnv(env),
  });
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const { i18n } = useTranslation();
  // The back office speaks its own language (settings.appearance.language); its pages say so in loader data.
  const adminLang = useMatches()
    .map((m) => (m.data as { adminLang?: string } | undefined)?.adminLang)
    .find(Boolean);
  const lang = adminLang ?? root?.locale ?? i18n.language ?? "en";
  // The public pages paint before they hydrate; the back office (signed-in staff, menus and dialogs
  // used at once) hydrates as soon as its scripts arrive.
  const paintFirst = !useLocation().pathname.startsWith("/admin");
  const nonce = useNonce();
  return (
    <html
      lang={lang}
      dir="ltr"
      style={{ ["--brand" as string]: root?.primaryColor ?? "#f59e0b" }}
      data-locale-tag={LOCALE_TAGS[lang as keyof typeof LOCALE_TAGS] ?? "en-GB"}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b0f19" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {children}
        <ScrollRestoration nonce={nonce} />
        {paintFirst ? (
          <>
            {/* Inert until the first paint; START_AFTER_PAINT then loads them (app/styles/paint-first.ts). */}
            <noscript id="rr-scripts">
              <Scripts nonce={nonce} />
            </noscript>
            {/* Only the server's HTML needs its text; React leaves an inline script's content alone when hydrating. */}
            <script
              nonce={nonce}
              suppressHydrationWarning
              dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? START_AFTER_PAINT : "" }}
            />
          </>
        ) : (
          <Scripts nonce={nonce} />
        )}
      </body>
    </html>
  );
}

export default function App() {
  // A plain signal that React has taken over the page (end-to-end tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

/** The back office's refusal page: only staff ever see it, so it loads when shown, not with every page. */
const AdminErrorPage = lazy(() => import("./admin/error-page").then((m) => ({ default: m.AdminErrorPage })));

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // The back office's guard refused a staff member's role (it runs before the admin layout loads).
  if (isRouteErrorResponse(error) && isForbiddenData(error.data)) return <AdminErrorPage />;
  // A request refused before routing names its reason (app/server/http/problem.server.ts).
  const problem = isRouteErrorResponse(error) ? (error.data as Partial<ProblemData> | null)?.problem : undefined;
  if (problem) {
    return <ErrorPage status={status} title={t(`errors.request.${problem}.title`)} message={t(`errors.request.${problem}.text`)} />;
  }
  const kind = status === 404 ? "notFound" : status === 503 ? "unavailable" : "server";
  return <ErrorPage status={status} title={t(`errors.${kind}Title`)} message={t(`errors.${kind}Text`)} />;
}
