/**
 * The partner portal's frame (issue 33): the partner's name, the portal's sections and the
 * sign-out, inside the public site's layout (its header, languages and footer). Plain links and
 * forms: everything works without JavaScript.
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { brandedTitle, rootMetaData } from "~/components/seo";

export const PORTAL_SECTIONS = [
  { id: "bookings", to: "/partner" },
  { id: "book", to: "/partner/book" },
  { id: "statements", to: "/partner/statements" },
  { id: "integration", to: "/partner/integration" },
] as const;
export type PortalSection = (typeof PORTAL_SECTIONS)[number]["id"];

export function PortalFrame({ partner, user, current, title, children }: { partner: string; user: string; current: PortalSection; title: string; children: ReactNode }) {
  const { t } = useTranslation("portal");
  return (
    <div className="container-page py-8 sm:py-12">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-semibold tracking-wide text-amber-700 uppercase dark:text-amber-300">{t("frame.eyebrow", { partner })}</p>
          <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
        </div>
        <Form method="post" action="/partner/logout" className="flex items-center gap-3 text-sm text-slate-600 dark:text-slate-300">
          <span className="max-w-[14rem] truncate" title={user}>
            {user}
          </span>
          <button type="submit" className="rounded-lg border border-slate-300 px-3 py-2 font-medium hover:bg-slate-50 focus-visible:outline-2 dark:border-slate-700 dark:hover:bg-slate-800">
            {t("frame.signOut")}
          </button>
        </Form>
      </div>
      <nav aria-label={t("frame.nav")} className="mt-6 -mx-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
        <ul className="flex min-w-max gap-1 px-1">
          {PORTAL_SECTIONS.map((section) => (
            <li key={section.id}>
              <Link
                to={section.to}
                aria-current={section.id === current ? "page" : undefined}
                className={`inline-block rounded-t-lg px-4 py-3 text-sm font-semibold ${section.id === current ? "border-b-2 border-amber-600 text-slate-900 dark:text-white" : "text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"}`}
              >
                {t(`frame.sections.${section.id}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">{children}</div>
    </div>
  );
}

export const portalButton = "btn-primary focus-visible:outline-2 focus-visible:outline-offset-2";
export const portalSecondaryButton = "btn-secondary focus-visible:outline-2 focus-visible:outline-offset-2";
export const portalInput = "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600/30 dark:border-slate-700 dark:bg-slate-900 dark:text-white";
export const portalCard = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900";

export function PortalNotice({ tone, children }: { tone: "success" | "error" | "info"; children: ReactNode }) {
  const look = tone === "success" ? "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100" : tone === "error" ? "border-rose-300 bg-rose-50 text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100" : "border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-xl border px-4 py-3 text-sm ${look}`}>
      {children}
    </div>
  );
}

/** A portal page's head: its title after the site's name, kept out of search engines. */
export function portalMeta(title: string | undefined, matches: Parameters<typeof rootMetaData>[0], location: { search: string }) {
  return [{ title: brandedTitle(title ?? "", rootMetaData(matches, location).siteName) }, { name: "robots", content: "noindex, nofollow" }];
}
