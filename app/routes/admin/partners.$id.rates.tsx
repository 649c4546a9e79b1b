import { data, redirect } from "react-router";
import type { Route } from "./+types/partners.$id.rates";
import { adminLanguage } from "~/admin/i18n.server";
import { useCan } from "~/admin/can";
import { AdminPage, Alert, LinkButton } from "~/admin/ui";
import { adminUser } from "~/auth/guard.server";
import { useTranslation } from "~/i18n/react";
import { handleNetRatesForm, loadNetRatesPage } from "~/partners/net-rates-admin.server";
import { NetRatesForm } from "~/partners/net-rates-view";
import { getApp } from "~/server/context";
import { isPlausibleId } from "~/server/http/ids";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const page = isPlausibleId(params.id) ? await loadNetRatesPage(db.kysely, params.id) : undefined;
  if (!page) throw data(null, { status: 404 });
  return { ...page, saved: new URL(request.url).searchParams.has("saved") };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db } = getApp(context);
  if (!isPlausibleId(params.id)) throw data(null, { status: 404 });
  const user = adminUser(context);
  const outcome = await handleNetRatesForm(db.kysely, request, { id: params.id, lng: await adminLanguage(db.kysely), actor: { id: user.id, label: user.name || user.email } });
  if ("saved" in outcome) throw redirect(`/admin/partners/${params.id}/rates?saved=1`);
  if (outcome.status === 404) throw data(null, { status: 404 });
  return data({ state: outcome.state }, { status: outcome.status });
}

export default function PartnerNetRatesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const can = useCan();
  const { partner, routes, categories, saved } = loaderData;
  const state = actionData?.state ?? loaderData.state;
  const title = t("partners.netRates.title", { name: partner.name });
  return (
    <AdminPage title={title} description={t("partners.netRates.description")} actions={<LinkButton to={`/admin/partners/${partner.id}`}>{t("partners.netRates.back")}</LinkButton>}>
      <title>{`${title} · ${t("shell.brand")}`}</title>
      <div className="space-y-4">
        {saved && !actionData ? <Alert tone="success">{t("partners.netRates.saved")}</Alert> : null}
        {partner.rateRule === "net" ? null : <Alert tone="info">{t("partners.netRates.commissionRule")}</Alert>}
        <NetRatesForm key={JSON.stringify(state)} routes={routes} categories={categories} state={state} canWrite={can("partners.write")} />
      </div>
    </AdminPage>
  );
}
