import type { I18nHandle } from "~/i18n/resources";
import type { Route } from "./+types/terms";
import { pageMeta, rootMetaData } from "~/components/seo";
import { LegalPage } from "~/components/site/legal-page";
import { termsIn } from "~/booking/index.server";
import { getInstance, getLanguage } from "~/i18n/i18next.server";
import { getApp } from "~/server/context";
import { getSettings } from "~/settings/settings.server";

/** The catalogues this page needs besides `common` (loaded before hydration; app/i18n/resources.ts). */
export const handle: I18nHandle = { i18n: ["legal"] };

/** The booking rules the office set (lead time, cancellation and payment terms) are part of the terms. */
export async function loader({ context }: Route.LoaderArgs) {
  const { t } = getInstance(context);
  const settings = await getSettings(getApp(context).db.kysely);
  const terms = termsIn(settings, getLanguage(context));
  return {
    title: t("legal:terms.title"),
    description: t("legal:terms.description"),
    rules: { cancellation: terms.cancellation, payment: terms.payment, leadHours: String(settings.booking.leadTimeHours) },
  };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  if (!data) return [];
  return pageMeta({ ...rootMetaData(matches, location), title: data.title, description: data.description, path: "/terms" });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage page="terms" values={loaderData.rules} />;
}
