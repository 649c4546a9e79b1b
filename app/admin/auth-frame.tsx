import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminI18nProvider } from "./i18n";

/**
 * The frame of the open back-office pages (login, password reset, two-factor step): a centred
 * card on the admin theme, Turkish whatever the admin language.
 */
export function AuthFrame({
  theme,
  siteName,
  catalogue,
  title,
  children,
}: {
  theme: "dark" | "light";
  siteName: string;
  catalogue: object;
  title: string;
  children: ReactNode;
}) {
  return (
    <AdminI18nProvider lng="tr" catalogue={catalogue}>
      <div
        className={`${theme === "dark" ? "admin-dark" : ""} flex min-h-dvh items-center justify-center bg-slate-100 px-4 py-12 text-slate-900 admin-dark:bg-slate-950 admin-dark:text-slate-100`}
      >
        <main id="main" className="w-full max-w-md">
          <title>{`${title} · ${siteName}`}</title>
          <meta name="robots" content="noindex" />
          <div className="mb-6 text-center">
            <Link to="/" className="font-display text-2xl font-semibold text-brand-strong admin-dark:text-brand">
              {siteName}
            </Link>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl sm:p-8 admin-dark:border-slate-800 admin-dark:bg-slate-900">
            <h1 className="mb-6 text-center text-2xl font-semibold tracking-tight">{title}</h1>
            {children}
          </div>
        </main>
      </div>
    </AdminI18nProvider>
  );
}
