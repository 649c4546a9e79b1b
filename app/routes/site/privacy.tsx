import type { I18nHandle } from "~/i18n/resources";
import type { Route } from "./+types/privacy";
import { pageMeta, rootMetaData } from "~/components/seo";
import { LegalPage } from "~/components/site/legal-page";
import { getInstance } from "~/i18n/i18next.server";

/** The catalogues this page needs besides `common` (loaded before hydration; app/i18n/resources.ts). */
export const handle: I18nHandle = { i18n: ["legal"] };

export function loader({ context }: Route.LoaderArgs) {
  const { t } = getInstance(context);
  return { title: t("legal:privacy.title"), description: t("legal:privacy.description") };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  if (!data) return [];
  return pageMeta({ ...rootMetaData(matches, location), title: data.title, description: data.description, path: "/privacy" });
}

export default function Page() {
  return <LegalPage page="privacy" />;
}
