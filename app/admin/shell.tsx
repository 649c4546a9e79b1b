/**
 * The back-office shell (spec §2): top bar (brand, search, theme toggle, notifications, user
 * menu), sidebar with the spec's active-item rule, and a drawer with an overlay on small screens.
 * Every control works without JavaScript (forms, <details>, :target); JavaScript adds dismissal
 * on outside click/Escape and optimistic theme switching.
 */
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, Link, NavLink, useFetcher, useFetchers, useLocation } from "react-router";
import type { NotificationItem } from "./notifications.server";
import { useAdminFormat } from "./i18n";
import { useCan } from "./can";
import { ConfirmDialog } from "./ui";

export const NAV_ITEMS = [
  { to: "/admin/dashboard", key: "nav.dashboard", icon: "M3 13h8V3H3v10Zm0 8h8v-6H3v6Zm10 0h8V11h-8v10Zm0-18v6h8V3h-8Z" },
  { to: "/admin/reports", key: "nav.reports", icon: "M4 20V10h3v10H4Zm6.5 0V4h3v16h-3ZM17 20v-7h3v7h-3ZM2 22v-1h20v1H2Z" },
  { to: "/admin/bookings", key: "nav.bookings", icon: "M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7Zm-2 8h14v10H5V10Z" },
  { to: "/admin/quote-requests", key: "nav.quoteRequests", icon: "M4 3h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H8l-5 4V4a1 1 0 0 1 1-1Zm7 9v2h2v-2h-2Zm1-7a3 3 0 0 0-3 3h2a1 1 0 1 1 1 1 1 1 0 0 0-1 1v1h2v-.2A3 3 0 0 0 12 5Z" },
  { to: "/admin/customers", key: "nav.customers", icon: "M12 3a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm-7 15c0-2.8 3.1-5 7-5s7 2.2 7 5v2H5v-2Zm14.5-9.5a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0Z" },
  { to: "/admin/partners", key: "nav.partners", icon: "M3 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v4h4a2 2 0 0 1 2 2v10h-8v-4h-2v4H3Zm4-14v2h2V7H7Zm4 0v2h2V7h-2Zm-4 4v2h2v-2H7Zm4 0v2h2v-2h-2Zm6 2v2h2v-2h-2Zm-10 2v2h2v-2H7Zm10 2v2h2v-2h-2Z" },
  { to: "/admin/dispatch", key: "nav.dispatch", icon: "M3 4h18v2H3V4Zm0 4h7v4H3V8Zm9 0h9v4h-9V8Zm-9 6h11v4H3v-4Zm13 0h5v4h-5v-4Zm-13 6h18v1H3v-1Z" },
  { to: "/admin/cash", key: "nav.cash", icon: "M2 6h20v12H2V6Zm2 2v8h16V8H4Zm8 1.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM5 9h2v2H5V9Zm12 4h2v2h-2v-2Z" },
  { to: "/admin/cars", key: "nav.cars", icon: "M5 11l1.5-4.5A2 2 0 0 1 8.4 5h7.2a2 2 0 0 1 1.9 1.5L19 11v7a1 1 0 0 1-1 1h-1a1 1 0 0 1-1-1v-1H8v1a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-7Zm2.2-1h9.6l-1-3H8.2l-1 3ZM7.5 15a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Zm9 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z" },
  { to: "/admin/drivers", key: "nav.drivers", icon: "M12 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm0 12c4.4 0 8 2.2 8 5v3H4v-3c0-2.8 3.6-5 8-5Z" },
  { to: "/admin/messages", key: "nav.messages", icon: "M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 4.2V18h16V8.2l-8 5-8-5ZM4.6 6 12 10.6 19.4 6H4.6Z" },
  { to: "/admin/distances", key: "nav.distances", icon: "M6.5 2a4.5 4.5 0 0 0-4.5 4.5C2 9.9 6.5 15 6.5 15S11 9.9 11 6.5A4.5 4.5 0 0 0 6.5 2Zm0 6a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3ZM17.5 9A4.5 4.5 0 0 0 13 13.5c0 3.4 4.5 8.5 4.5 8.5s4.5-5.1 4.5-8.5A4.5 4.5 0 0 0 17.5 9Zm0 6a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3ZM6 17h5v2H6a3 3 0 0 1 0-6h1v2H6a1 1 0 0 0 0 2Z" },
  { to: "/admin/routes", key: "nav.routes", icon: "M6 3a3 3 0 0 0-1 5.83V21h2V8.83A3 3 0 0 0 6 3Zm12 0a3 3 0 0 0-1 5.83V13H9v2h8a2 2 0 0 0 2-2V8.83A3 3 0 0 0 18 3ZM6 5a1 1 0 1 1 0 2 1 1 0 0 1 0-2Zm12 0a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z" },
  { to: "/admin/extras", key: "nav.extras", icon: "M12 2a3 3 0 0 1 3 3v1h4a1 1 0 0 1 1 1v4h-1a2 2 0 1 0 0 4h1v4a1 1 0 0 1-1 1h-4v-1a2 2 0 1 0-4 0v1H5a1 1 0 0 1-1-1v-4h1a2 2 0 1 0 0-4H4V7a1 1 0 0 1 1-1h4V5a3 3 0 0 1 3-3Z" },
  { to: "/admin/pricing", key: "nav.pricing", icon: "M3 3h8l10 10-8 8L3 11V3Zm4.5 6a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z" },
  { to: "/admin/outbox", key: "nav.outbox", icon: "M2 21 23 12 2 3v7l15 2-15 2v7Z" },
  { to: "/admin/users", key: "nav.users", icon: "M9 4a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm8 2a3 3 0 1 1 0 6 3 3 0 0 1 0-6ZM9 14c3.9 0 7 1.8 7 4v2H2v-2c0-2.2 3.1-4 7-4Zm8.5 0c2.5.3 4.5 1.6 4.5 3.5V20h-4v-2c0-1.5-.2-2.8-.5-4Z" },
  { to: "/admin/audit", key: "nav.audit", icon: "M6 2h9l5 5v15H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm8 1.5V8h4.5L14 3.5ZM8 12v2h8v-2H8Zm0 4v2h8v-2H8Z" },
  { to: "/admin/settings", key: "nav.settings", icon: "M19.4 13a7.6 7.6 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.4 7.4 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.4 7.4 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.6 7.6 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.4 7.4 0 0 0 1.7 1L11 21h4l.4-2.9a7.4 7.4 0 0 0 1.7-1l2.5 1 2-3.5-2.2-1.6ZM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Z" },
] as const;

const BELL_ICON = "M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2Zm6-6V11a6 6 0 0 0-5-5.9V4a1 1 0 1 0-2 0v1.1A6 6 0 0 0 6 11v5l-2 2v1h16v-1l-2-2Z";

/** Spec §2: an item is active when the path equals its path or starts with it plus a slash. */
export function isNavItemActive(pathname: string, itemPath: string): boolean {
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

function Icon({ d, className = "size-5" }: { d: string; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="currentColor">
      <path d={d} />
    </svg>
  );
}

/** Closes an open <details> on a click outside it, on Escape and on navigation. */
function useDismissibleDetails(ref: RefObject<HTMLDetailsElement | null>) {
  const location = useLocation();
  // Any navigation or form submission (mark as read, theme…) closes the menu.
  useEffect(() => {
    ref.current?.removeAttribute("open");
  }, [location.key, ref]);
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const el = ref.current;
      if (el?.open && !el.contains(event.target as Node)) el.removeAttribute("open");
    };
    const onKey = (event: KeyboardEvent) => {
      const el = ref.current;
      if (event.key === "Escape" && el?.open) {
        el.removeAttribute("open");
        el.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [ref]);
}

const MENU_PANEL =
  "absolute right-0 z-40 mt-2 rounded-xl border border-slate-200 bg-white text-slate-900 shadow-2xl admin-dark:border-slate-700 admin-dark:bg-slate-900 admin-dark:text-slate-100";
const ICON_BUTTON =
  "relative inline-flex size-10 cursor-pointer list-none items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 admin-dark:text-slate-300 admin-dark:hover:bg-slate-800 admin-dark:hover:text-white [&::-webkit-details-marker]:hidden";

export function ThemeToggle({ theme }: { theme: "dark" | "light" }) {
  const { t } = useTranslation("admin");
  const fetcher = useFetcher();
  const location = useLocation();
  const next = theme === "dark" ? "light" : "dark";
  const label = next === "dark" ? t("shell.themeToDark") : t("shell.themeToLight");
  return (
    <fetcher.Form method="post" action="/admin/theme">
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className={ICON_BUTTON} aria-label={label} title={label}>
        {theme === "dark" ? (
          <Icon d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0-5 1 3h-2l1-3Zm0 20-1-3h2l-1 3ZM2 12l3-1v2l-3-1Zm20 0-3 1v-2l3 1ZM4.9 4.9l2.8 1.4-1.4 1.4-1.4-2.8Zm14.2 14.2-2.8-1.4 1.4-1.4 1.4 2.8Zm0-14.2-1.4 2.8-1.4-1.4 2.8-1.4ZM4.9 19.1l1.4-2.8 1.4 1.4-2.8 1.4Z" />
        ) : (
          <Icon d="M21 14.5A9 9 0 0 1 9.5 3a9 9 0 1 0 11.5 11.5Z" />
        )}
      </button>
    </fetcher.Form>
  );
}

/** The theme the page should show now: an in-flight toggle wins over the loader's value. */
export function useOptimisticTheme(loaderTheme: "dark" | "light"): "dark" | "light" {
  const fetchers = useFetchers();
  const pending = fetchers.find((f) => f.formAction === "/admin/theme")?.formData?.get("theme");
  return pending === "dark" || pending === "light" ? pending : loaderTheme;
}

const navIcon = (to: (typeof NAV_ITEMS)[number]["to"]) => NAV_ITEMS.find((item) => item.to === to)!.icon;

function kindIcon(kind: string) {
  if (kind === "booking") return navIcon("/admin/bookings");
  if (kind === "maintenance" || kind === "document") return navIcon("/admin/cars");
  if (kind === "quote") return navIcon("/admin/quote-requests");
  if (kind === "flight") return navIcon("/admin/dispatch");
  return navIcon("/admin/messages");
}

/** The most unread notices the shell names by number; beyond, "99+" (the layout counts no further). */
export const UNREAD_SHOWN = 99;

export function NotificationsMenu({ unread, items }: { unread: number; items: NotificationItem[] }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissibleDetails(ref);
  const location = useLocation();
  const back = location.pathname + location.search;
  const many = unread > UNREAD_SHOWN;
  const count = many ? t("shell.unreadMany", { max: UNREAD_SHOWN }) : t("shell.unreadCount", { count: unread });
  const label = `${t("shell.notifications")}${unread > 0 ? ` (${count})` : ""}`;
  return (
    <details ref={ref} className="relative" data-testid="notifications-menu">
      <summary className={ICON_BUTTON} aria-label={label} title={t("shell.notifications")}>
        <Icon d={BELL_ICON} />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white"
          >
            {many ? `${UNREAD_SHOWN}+` : unread}
          </span>
        ) : null}
      </summary>
      <div className={`${MENU_PANEL} max-sm:fixed max-sm:inset-x-2 max-sm:top-14 sm:w-96`}>
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 admin-dark:border-slate-700">
          <h2 className="text-sm font-semibold">{t("shell.notifications")}</h2>
          {unread > 0 ? (
            <Form method="post" action="/admin/notifications">
              <input type="hidden" name="intent" value="read-all" />
              <input type="hidden" name="redirectTo" value={back} />
              <button type="submit" className="text-xs font-medium text-brand-strong hover:underline admin-dark:text-brand">
                {t("shell.markAllRead")}
              </button>
            </Form>
          ) : null}
        </div>
        {items.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-500 admin-dark:text-slate-400">{t("shell.noNotifications")}</p>
        ) : (
          <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto admin-dark:divide-slate-800">
            {items.map((item) => (
              <li key={item.id} className={`flex gap-3 px-4 py-3 ${item.read ? "" : "bg-brand-soft"}`}>
                <Icon d={kindIcon(item.kind)} className="mt-0.5 size-4 shrink-0 text-brand-strong admin-dark:text-brand" />
                <div className="min-w-0 flex-1">
                  {item.link ? (
                    <Link to={item.link} className="block text-sm font-medium hover:underline">
                      {item.title}
                    </Link>
                  ) : (
                    <p className="text-sm font-medium">{item.title}</p>
                  )}
                  {item.body ? <p className="truncate text-xs text-slate-600 admin-dark:text-slate-400">{item.body}</p> : null}
                  <p className="mt-0.5 text-[11px] text-slate-500 admin-dark:text-slate-400">{format.date(item.createdAt)}</p>
                </div>
                {item.read ? null : (
                  <Form method="post" action="/admin/notifications">
                    <input type="hidden" name="intent" value="read" />
                    <input type="hidden" name="id" value={item.id} />
                    <input type="hidden" name="redirectTo" value={back} />
                    <button
                      type="submit"
                      className="rounded p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-900 admin-dark:hover:bg-slate-700 admin-dark:hover:text-white"
                      aria-label={`${t("shell.markRead")}: ${item.title}`}
                      title={t("shell.markRead")}
                    >
                      <Icon d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2Z" className="size-4" />
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
        <div className="border-t border-slate-200 px-4 py-2.5 text-center admin-dark:border-slate-700">
          <Link to="/admin/notifications" className="text-sm font-medium text-brand-strong hover:underline admin-dark:text-brand">
            {t("shell.seeAll")}
          </Link>
        </div>
      </div>
    </details>
  );
}

export function UserMenu({ name, email, role }: { name: string; email: string; role: string }) {
  const { t } = useTranslation("admin");
  const may = useCan();
  const roleLabel = t(`roles.${role}`, { defaultValue: role });
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissibleDetails(ref);
  const item = "flex w-full items-center gap-2 px-4 py-2 text-left text-sm hover:bg-slate-100 admin-dark:hover:bg-slate-800";
  return (
    <details ref={ref} className="relative">
      <summary
        className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 admin-dark:text-slate-200 admin-dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
        aria-label={`${t("shell.userMenu")}: ${name || t("shell.admin")}`}
      >
        <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-brand text-sm font-semibold text-ink">
          {(name || email).slice(0, 1).toLocaleUpperCase("tr-TR")}
        </span>
        <span className="hidden sm:inline" data-testid="user-menu-role">
          {roleLabel}
        </span>
      </summary>
      <div className={`${MENU_PANEL} w-60 py-1`}>
        <div className="border-b border-slate-200 px-4 py-2 admin-dark:border-slate-700">
          <p className="truncate text-sm font-semibold">{name || t("shell.admin")}</p>
          <p className="truncate text-xs text-slate-500 admin-dark:text-slate-400">{email}</p>
          <p className="text-xs text-slate-500 admin-dark:text-slate-400">
            {t("roles.label")}: {roleLabel}
          </p>
        </div>
        <Link to="/admin/profile" className={item}>
          {t("shell.profile")}
        </Link>
        {may("settings") ? (
          <Link to="/admin/settings" className={item}>
            {t("shell.settings")}
          </Link>
        ) : null}
        <div className="border-t border-slate-200 admin-dark:border-slate-700">
          <ConfirmDialog
            trigger={t("shell.logout")}
            triggerClassName={`${item} cursor-pointer text-red-700 admin-dark:text-red-400`}
            title={t("shell.logout")}
            message={t("shell.logoutConfirm")}
            confirmLabel={t("shell.logout")}
            action="/admin/logout"
          />
        </div>
      </div>
    </details>
  );
}

/** The sidebar lists only the pages the signed-in role may open (`allowed`: their addresses, from policy.ts). */
export function Sidebar({ open, onClose, siteName, allowed }: { open: boolean; onClose: () => void; siteName: string; allowed: readonly string[] }) {
  const { t } = useTranslation("admin");
  const { pathname } = useLocation();
  return (
    <>
      {open ? (
        <button
          type="button"
          aria-label={t("shell.closeMenu")}
          onClick={onClose}
          className="fixed inset-0 z-30 bg-slate-950/60 lg:hidden"
          data-testid="drawer-overlay"
        />
      ) : null}
      <aside
        id="admin-sidebar"
        className={`fixed inset-y-0 left-0 z-40 flex w-64 flex-col print:hidden border-r border-slate-200 bg-white transition-transform admin-dark:border-slate-800 admin-dark:bg-slate-900 lg:sticky lg:top-0 lg:h-dvh lg:translate-x-0 ${
          open ? "translate-x-0" : "-translate-x-full target:translate-x-0"
        }`}
      >
        <div className="flex h-16 items-center justify-between gap-2 border-b border-slate-200 px-5 admin-dark:border-slate-800">
          <Link to="/admin/dashboard" className="truncate font-display text-lg font-semibold text-brand-strong admin-dark:text-brand">
            {siteName}
          </Link>
          <a
            href="#"
            onClick={(e) => {
              e.preventDefault();
              onClose();
            }}
            className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 lg:hidden admin-dark:hover:bg-slate-800"
            aria-label={t("shell.closeMenu")}
          >
            <Icon d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6 6.4 5Z" />
          </a>
        </div>
        <nav aria-label={t("shell.mainNav")} className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="space-y-1">
            {NAV_ITEMS.filter((item) => allowed.includes(item.to)).map((item) => {
              const active = isNavItemActive(pathname, item.to);
              return (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    aria-current={active ? "page" : undefined}
                    className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition ${
                      active
                        ? "bg-brand text-ink"
                        : "text-slate-700 hover:bg-slate-100 admin-dark:text-slate-300 admin-dark:hover:bg-slate-800"
                    }`}
                  >
                    <Icon d={item.icon} />
                    {t(item.key)}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="border-t border-slate-200 px-5 py-3 text-xs admin-dark:border-slate-800">
          <a href="/" className="text-slate-600 hover:text-brand admin-dark:text-slate-400" target="_blank" rel="noreferrer">
            {t("shell.viewSite")} ↗
          </a>
        </div>
      </aside>
    </>
  );
}

export function TopBar({ onOpenMenu, children }: { onOpenMenu: () => void; children: ReactNode }) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const q = location.pathname === "/admin/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  return (
    <header className="sticky top-0 z-20 flex h-16 print:hidden items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur sm:gap-3 sm:px-6 admin-dark:border-slate-800 admin-dark:bg-slate-900/90">
      <a
        href="#admin-sidebar"
        onClick={(e) => {
          e.preventDefault();
          onOpenMenu();
        }}
        className={`${ICON_BUTTON} lg:hidden`}
        aria-label={t("shell.openMenu")}
        aria-controls="admin-sidebar"
      >
        <Icon d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z" />
      </a>
      <Form method="get" action="/admin/search" role="search" className="min-w-0 flex-1">
        <label htmlFor="admin-search" className="sr-only">
          {t("shell.searchLabel")}
        </label>
        <div className="relative max-w-md">
          <Icon
            d="M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            id="admin-search"
            key={q}
            type="search"
            name="q"
            defaultValue={q}
            placeholder={t("shell.searchPlaceholder")}
            maxLength={100}
            className="w-full rounded-lg border border-slate-300 bg-slate-50 py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand focus:outline-none admin-dark:border-slate-700 admin-dark:bg-slate-950 admin-dark:text-slate-100 admin-dark:placeholder:text-slate-400"
          />
        </div>
      </Form>
      <div className="flex items-center gap-1 sm:gap-2">{children}</div>
    </header>
  );
}

/** The drawer's open state, closed again on every navigation. */
export function useDrawer() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }
  return { open, openDrawer: () => setOpen(true), closeDrawer: () => setOpen(false) };
}

/**
 * Shown on every back-office page while SMTP_URL is not set: nothing is mailed, everything waits
 * in the outbox (and goes out once SMTP is configured).
 */
export function SmtpWarning() {
  const { t } = useTranslation("admin");
  const may = useCan();
  return (
    <div
      data-testid="smtp-warning"
      className="mb-6 flex print:hidden flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 admin-dark:border-amber-800 admin-dark:bg-amber-950 admin-dark:text-amber-200"
    >
      <p>{t("outbox.smtpWarning")}</p>
      {may("settings") ? (
        <Link to="/admin/outbox" className="font-medium underline">
          {t("outbox.smtpWarningLink")}
        </Link>
      ) : null}
    </div>
  );
}
