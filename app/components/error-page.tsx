import { useRouteLoaderData } from "react-router";
import { useTranslation } from "~/i18n/react";
import { brandedTitle } from "./seo";

/** The friendly page shown for a 404 and for any error (never the router's default page). */
export function ErrorPage({ status, title, message }: { status: number; title: string; message: string }) {
  const { t } = useTranslation();
  // The brand ends the title as on every page; the root's data is missing only when it failed itself.
  const siteName = (useRouteLoaderData("root") as { site?: { siteName?: string } } | undefined)?.site?.siteName;
  return (
    <main id="main" className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-6 py-24 text-center">
      <title>{siteName ? brandedTitle(title, siteName) : `${title} · ${status}`}</title>
      <meta name="robots" content="noindex" />
      <p className="font-display text-7xl font-semibold text-brand-strong">{status}</p>
      <h1 className="mt-4 font-display text-3xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{message}</p>
      <div className="mt-10 flex flex-wrap justify-center gap-4">
        <a href="/" className="btn-primary">
          {t("errors.backHome")}
        </a>
        <a href="/contact" className="btn-secondary">
          {t("errors.contactUs")}
        </a>
      </div>
    </main>
  );
}
