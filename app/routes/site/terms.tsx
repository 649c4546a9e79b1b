import type { Route } from "./+types/terms";
import { pageMeta, rootMetaData } from "~/components/seo";
import { LegalPage } from "~/components/site/legal-page";
import { getInstance } from "~/i18n/i18next.server";

export function loader({ context }: Route.LoaderArgs) {
  const { t } = getInstance(context);
  return { title: t("legal:terms.title"), description: t("legal:terms.description") };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  if (!data) return [];
  return pageMeta({ ...rootMetaData(matches, location), title: data.title, description: data.description, path: "/terms" });
}

export default function Page() {
  return <LegalPage page="terms" />;
}
