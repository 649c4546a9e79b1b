/**
 * The back office's error page (404, 403, 500) in the admin's look. The admin layout's error
 * boundary shows it, and so does the root's for a refusal by the back office's guard: React Router
 * sends an error thrown by a layout's middleware to the nearest boundary of a route that loads data
 * (the root), before the layout's loader has run, so the refusal carries the admin language and
 * the role's home (app/auth/guard.server.ts). The texts come from the admin catalogue of that
 * language, there even when the layout's loader failed (app/admin/i18n.tsx).
 */
import { useTranslation } from "~/i18n/react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { isForbiddenData } from "./forbidden";
import { AdminI18nProvider } from "./i18n";
import { buttonClass } from "./ui";

/** The page, in the layout's language when known, else the refusal's, else Turkish. */
export function AdminErrorPage({ lng }: { lng?: string }) {
  const error = useRouteError();
  const refused = isRouteErrorResponse(error) && isForbiddenData(error.data) ? error.data : null;
  return (
    <AdminI18nProvider lng={lng ?? refused?.lng ?? "tr"}>
      <ErrorPage />
    </AdminI18nProvider>
  );
}

function ErrorPage() {
  const { t } = useTranslation("admin");
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const forbidden = status === 403;
  const home = (isRouteErrorResponse(error) && isForbiddenData(error.data) && error.data.home) || "/admin/dashboard";
  const text = (key: "notFoundTitle" | "errorTitle" | "notFoundText" | "errorText" | "forbiddenTitle" | "forbiddenText" | "forbiddenHome") => t(`errorPage.${key}`);
  const title = notFound ? text("notFoundTitle") : forbidden ? text("forbiddenTitle") : text("errorTitle");
  return (
    <div className="admin-dark flex min-h-dvh items-center justify-center bg-slate-950 px-6 text-center text-slate-100">
      <main id="main" className="max-w-lg">
        <title>{title}</title>
        <p className="text-6xl font-semibold text-brand">{status}</p>
        <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
        <p className="mt-3 text-slate-300">{notFound ? text("notFoundText") : forbidden ? text("forbiddenText") : text("errorText")}</p>
        <div className="mt-8 flex justify-center gap-3">
          {forbidden ? (
            // back to what the role may open (policy.ts homeFor, sent with the refusal)
            <Link to={home} className={buttonClass("primary")}>
              {text("forbiddenHome")}
            </Link>
          ) : (
            <>
              <Link to="/admin/dashboard" className={buttonClass("primary")}>
                {t("nav.dashboard")}
              </Link>
              <a href="" className={buttonClass("secondary")}>
                {t("dashboard.reload")}
              </a>
            </>
          )}
        </div>
      </main>
    </div>
  );
}
