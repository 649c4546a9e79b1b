import { data, redirect } from "react-router";
import type { Route } from "./+types/partners.$id";
import { adminLanguage } from "~/admin/i18n.server";
import { useCan } from "~/admin/can";
import { AdminPage, Card, LinkButton } from "~/admin/ui";
import { adminUser } from "~/auth/guard.server";
import { useTranslation } from "~/i18n/react";
import { handlePartnerForm, partnerEditState } from "~/partners/partner-admin.server";
import { PartnerForm } from "~/partners/partner-form-view";
import { getPartner } from "~/partners/partners.server";
import { getApp } from "~/server/context";
import { isPlausibleId } from "~/server/http/ids";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const partner = isPlausibleId(params.id) ? await getPartner(db.kysely, params.id) : undefined;
  if (!partner) throw data(null, { status: 404 });
  return { partner, state: await partnerEditState(db.kysely, partner, await adminLanguage(db.kysely)) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db } = getApp(context);
  if (!isPlausibleId(params.id)) throw data(null, { status: 404 });
  const user = adminUser(context);
  const outcome = await handlePartnerForm(db.kysely, request, { id: params.id, lng: await adminLanguage(db.kysely), actor: { id: user.id, label: user.name || user.email } });
  if ("saved" in outcome) throw redirect(`/admin/partners?saved=${encodeURIComponent(outcome.saved.code)}`);
  return data({ state: outcome.state }, { status: outcome.status });
}

export default function PartnerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const can = useCan();
  const { partner } = loaderData;
  const state = actionData?.state ?? loaderData.state;
  const title = t("partners.editTitle", { name: partner.name });
  return (
    <AdminPage
      title={title}
      actions={
        <>
          <LinkButton to={`/admin/partners/${partner.id}/users`}>{t("partners.users.link")}</LinkButton>
          <LinkButton to={`/admin/partners/${partner.id}/statements`}>{t("partners.statements.link")}</LinkButton>
          <LinkButton to={`/admin/partners/${partner.id}/rates`}>{t("partners.netRates.link")}</LinkButton>
          <LinkButton to={`/admin/partners/${partner.id}/webhooks`}>{t("partners.webhooks.link")}</LinkButton>
          <LinkButton to="/admin/partners">{t("partners.backToPartners")}</LinkButton>
        </>
      }
    >
      <title>{`${title} · ${t("shell.brand")}`}</title>
      {can("partners.write") ? (
        <PartnerForm key={JSON.stringify(state)} state={state} submitLabel={t("partners.submitEdit")} />
      ) : (
        <Card title={t("partners.fields.info")}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500 admin-dark:text-slate-400">{t("partners.columns.code")}</dt>
            <dd className="font-mono">{partner.code}</dd>
            <dt className="text-slate-500 admin-dark:text-slate-400">{t("partners.columns.kind")}</dt>
            <dd>{t(`partners.kinds.${partner.kind}`)}</dd>
            <dt className="text-slate-500 admin-dark:text-slate-400">{t("partners.columns.commission")}</dt>
            <dd>{t("partners.percent", { value: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(partner.commissionPercent) })}</dd>
            <dt className="text-slate-500 admin-dark:text-slate-400">{t("partners.columns.creditTerms")}</dt>
            <dd>{t(`partners.creditTerms.${partner.creditTerms}`)}</dd>
            <dt className="text-slate-500 admin-dark:text-slate-400">{t("partners.columns.contact")}</dt>
            <dd className="[overflow-wrap:anywhere]">{[partner.contactName, partner.email, partner.phone].filter(Boolean).join(" · ") || "—"}</dd>
          </dl>
        </Card>
      )}
    </AdminPage>
  );
}
