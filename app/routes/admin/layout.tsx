import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, Outlet, useNavigation, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { adminCatalogue } from "~/admin/i18n.server";
import { AdminI18nProvider } from "~/admin/i18n";
import { countUnread, listNotifications, syncMaintenanceNotices } from "~/admin/notifications.server";
import { NotificationsMenu, Sidebar, SmtpWarning, ThemeToggle, TopBar, UserMenu, useDrawer, useOptimisticTheme } from "~/admin/shell";
import { readAdminTheme } from "~/admin/theme.server";
import { buttonClass, Spinner } from "~/admin/ui";
import { adminGuard, adminUser } from "~/auth/guard.server";
import { getApp } from "~/server/context";
import { getSettings } from "~/settings/settings.server";

/**
 * Every page, form post and export inside the back office is refused before it runs unless a
 * signed-in, verified admin asks (app/auth/guard.server.ts); React Router runs this layout's
 * middleware ahead of all its children's loaders and actions, resource routes included.
 */
export const middleware: Route.MiddlewareFunction[] = [adminGuard];

/** The back-office shell. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = adminUser(context);
  const { db, log, mailer } = getApp(context);
  const settings = await getSettings(db.kysely);
  try {
    await syncMaintenanceNotices(db.kysely);
  } catch (error) {
    // A failed reminder sync must not take the back office down.
    log.warn({ err: error }, "maintenance notices not synced");
  }
  const adminLang = settings.appearance.language;
  const [unread, latest] = await Promise.all([countUnread(db.kysely), listNotifications(db.kysely, { limit: 8, lng: adminLang })]);
  return {
    user: { name: user.name, email: user.email },
    adminLang,
    catalogue: adminCatalogue(adminLang),
    theme: readAdminTheme(request, settings.appearance.darkMode),
    siteName: settings.general.siteName,
    notifications: { unread, items: latest.items },
    /** false while SMTP_URL is not set: the shell warns that mail only waits in the outbox */
    smtp: mailer.smtp,
  };
}


export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const theme = useOptimisticTheme(loaderData.theme);
  return (
    <AdminI18nProvider lng={loaderData.adminLang} catalogue={loaderData.catalogue}>
      <Shell theme={theme} data={loaderData} />
    </AdminI18nProvider>
  );
}

function Shell({ theme, data }: { theme: "dark" | "light"; data: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation("admin");
  const drawer = useDrawer();
  const navigation = useNavigation();
  return (
    <div className={`${theme === "dark" ? "admin-dark" : ""} min-h-dvh bg-slate-100 text-slate-900 admin-dark:bg-slate-950 admin-dark:text-slate-100 print:bg-white! print:text-black!`}>
      <meta name="robots" content="noindex" />
      <a
        href="#main"
        className="sr-only z-50 rounded bg-brand px-3 py-2 text-ink focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t("shell.skipToContent")}
      </a>
      <div className="lg:flex">
        <Sidebar open={drawer.open} onClose={drawer.closeDrawer} siteName={data.siteName} />
        <div className="min-w-0 flex-1">
          <TopBar onOpenMenu={drawer.openDrawer}>
            <ThemeToggle theme={theme} />
            <NotificationsMenu unread={data.notifications.unread} items={data.notifications.items} />
            <UserMenu name={data.user.name} email={data.user.email} />
          </TopBar>
          <main id="main" className="relative px-4 py-6 sm:px-6 lg:px-8 print:p-0" aria-busy={navigation.state === "loading" || undefined}>
            {navigation.state === "loading" ? (
              <div className="absolute top-2 right-4 sm:right-6 lg:right-8">
                <Spinner label={t("ui.loading")} />
              </div>
            ) : null}
            {data.smtp ? null : <SmtpWarning />}
            <Outlet />
          </main>
        </div>
      </div>
    </div>
  );
}

/**
 * Errors inside the back office keep the admin's look (the root error page is the public site's),
 * in the admin language when the layout's own data is there; Turkish, the default, otherwise.
 */
export function ErrorBoundary() {
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  return (
    <AdminI18nProvider lng={layout?.adminLang ?? "tr"} catalogue={layout?.catalogue ?? {}}>
      <ErrorPage />
    </AdminI18nProvider>
  );
}

/** Without the layout's data (its own loader failed) there is no catalogue: the default language's texts. */
const FALLBACK = {
  notFoundTitle: "Sayfa bulunamadı",
  errorTitle: "Bir hata oluştu",
  notFoundText: "Aradığınız sayfa yok ya da taşınmış.",
  errorText: "Sayfa yüklenirken bir hata oluştu. Lütfen sayfayı yenileyin.",
};

function ErrorPage() {
  const { t } = useTranslation("admin");
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const text = (key: keyof typeof FALLBACK) => t(`errorPage.${key}`, { defaultValue: FALLBACK[key] });
  const title = notFound ? text("notFoundTitle") : text("errorTitle");
  return (
    <div className="admin-dark flex min-h-dvh items-center justify-center bg-slate-950 px-6 text-center text-slate-100">
      <main id="main" className="max-w-lg">
        <title>{title}</title>
        <p className="text-6xl font-semibold text-brand">{status}</p>
        <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
        <p className="mt-3 text-slate-300">{notFound ? text("notFoundText") : text("errorText")}</p>
        <div className="mt-8 flex justify-center gap-3">
          <Link to="/admin/dashboard" className={buttonClass("primary")}>
            {t("nav.dashboard", { defaultValue: "Dashboard" })}
          </Link>
          <a href="" className={buttonClass("secondary")}>
            {t("dashboard.reload", { defaultValue: "Sayfayı Yenile" })}
          </a>
        </div>
      </main>
    </div>
  );
}
