import { data } from "react-router";
import { useTranslation } from "~/i18n/react";
import { ErrorPage } from "~/components/error-page";

/** Any unknown public URL: a translated 404 inside the site layout. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  const { t } = useTranslation();
  return <ErrorPage status={404} title={t("errors.notFoundTitle")} message={t("errors.notFoundText")} />;
}
