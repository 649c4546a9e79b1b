import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { authSchemas, type AuthSchemas } from "~/auth/schemas";
import { AdminI18nProvider } from "./i18n";

/** What an open page's loader sends (openPageData in ./open-page.server). */
export interface AuthPageData {
  adminLang: string;
  theme: "dark" | "light";
  siteName: string;
}

/**
 * The frame of the open back-office pages (login, password reset, two-factor step): a centred
 * card on the admin theme, in the admin language. `title` is a key of the admin catalogue; the
 * children render inside the frame's translations.
 */
export function AuthFrame({ page, title, children }: { page: AuthPageData; title: string; children: ReactNode }) {
  return (
    <AdminI18nProvider lng={page.adminLang}>
      <AuthCard theme={page.theme} siteName={page.siteName} title={title}>
        {children}
      </AuthCard>
    </AdminI18nProvider>
  );
}

function AuthCard({ theme, siteName, title, children }: { theme: "dark" | "light"; siteName: string; title: string; children: ReactNode }) {
  const { t } = useTranslation("admin");
  return (
    <div
      className={`${theme === "dark" ? "admin-dark" : ""} flex min-h-dvh items-center justify-center bg-slate-100 px-4 py-12 text-slate-900 admin-dark:bg-slate-950 admin-dark:text-slate-100`}
    >
      <main id="main" className="w-full max-w-md">
        <title>{`${t(title)} · ${siteName}`}</title>
        <meta name="robots" content="noindex" />
        <div className="mb-6 text-center">
          <Link to="/" className="font-display text-2xl font-semibold text-brand-strong admin-dark:text-brand">
            {siteName}
          </Link>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl sm:p-8 admin-dark:border-slate-800 admin-dark:bg-slate-900">
          <h1 className="mb-6 text-center text-2xl font-semibold tracking-tight">{t(title)}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}

/** The sign-in forms' schemas; their messages are codes, which the error lists show in the admin language. */
export function useAuthSchemas(): AuthSchemas {
  return authSchemas;
}
