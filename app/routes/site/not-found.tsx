import type { I18nHandle } from "~/i18n/resources";
import { data } from "react-router";
import { useTranslation } from "~/i18n/react";
import { ErrorPage } from "~/components/error-page";

/** The catalogues this page needs besides `common` (loaded before hydration; app/i18n/resources.ts). */
export const handle: I18nHandle = { i18n: [] };

/** Any unknown public URL: a translated 404 inside the site layout. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  const { t } = useTranslation();
  return <ErrorPage status={404} title={t("errors.notFoundTitle")} message={t("errors.notFoundText")} />;
}
