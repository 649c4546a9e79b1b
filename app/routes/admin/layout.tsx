import { useTranslation } from "~/i18n/react";
import { Outlet, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { AdminI18nProvider } from "~/admin/i18n";
import { countUnread, latestNotifications, syncMaintenanceNotices } from "~/admin/notifications.server";
import { can, pagePermission, PERMISSIONS } from "~/auth/policy";
import { NAV_ITEMS, NotificationsMenu, Sidebar, SmtpWarning, ThemeToggle, TopBar, UNREAD_SHOWN, UserMenu, useDrawer, useOptimisticTheme } from "~/admin/shell";
import { readAdminTheme } from "~/admin/theme.server";
import { AdminErrorPage } from "~/admin/error-page";
import { Spinner } from "~/admin/ui";
import { LiveIndicator, useLiveOffice } from "~/admin/live";
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
  const granted = PERMISSIONS.filter((p) => can(user.role, p));
  const { db, log, mailer } = getApp(context);
  const [settings] = await Promise.all([
    getSettings(db.kysely),
    // (before the notices are read, so a car just due is among them)
    syncMaintenanceNotices(db.kysely).catch((error: unknown) => {
      // A failed reminder sync must not take the back office down.
      log.warn({ err: error }, "maintenance notices not synced");
    }),
  ]);
  const adminLang = settings.appearance.language;
  // the menu's newest notices and the badge's count, never all of them (an office has one per booking)
  const [unread, latest] = await Promise.all([countUnread(db.kysely, { upTo: UNREAD_SHOWN + 1 }), latestNotifications(db.kysely, { limit: 8, lng: adminLang })]);
  return {
    user: { name: user.name, email: user.email, role: user.role },
    /** what the role may do (policy.ts): the shell and the pages hide what it may not (the server refuses it anyway) */
    permissions: granted,
    nav: NAV_ITEMS.filter((item) => granted.includes(pagePermission(item.to, "GET")!)).map((item) => item.to),
    /** the page's language; the browser loads its catalogue by itself (app/admin/i18n.tsx) */
    adminLang,
    theme: readAdminTheme(request, settings.appearance.darkMode),
    siteName: settings.general.siteName,
    notifications: { unread, items: latest },
    /** false while SMTP_URL is not set: the shell warns that mail only waits in the outbox */
    smtp: mailer.smtp,
  };
}


export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const theme = useOptimisticTheme(loaderData.theme);
  return (
    <AdminI18nProvider lng={loaderData.adminLang}>
      <Shell theme={theme} data={loaderData} />
    </AdminI18nProvider>
  );
}

function Shell({ theme, data }: { theme: "dark" | "light"; data: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation("admin");
  const drawer = useDrawer();
  const navigation = useNavigation();
  // the office's live stream (issue 31), for the roles that see the board; nothing without JavaScript
  const live = useLiveOffice(data.permissions.includes("dispatch"));
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
        <Sidebar open={drawer.open} onClose={drawer.closeDrawer} siteName={data.siteName} allowed={data.nav} />
        <div className="min-w-0 flex-1">
          <TopBar onOpenMenu={drawer.openDrawer}>
            <LiveIndicator state={live} />
            <ThemeToggle theme={theme} />
            <NotificationsMenu unread={data.notifications.unread} items={data.notifications.items} />
            <UserMenu name={data.user.name} email={data.user.email} role={data.user.role} />
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
  return <AdminErrorPage lng={layout?.adminLang} />;
}
