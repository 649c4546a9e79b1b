import { data, redirect } from "react-router";
import type { Route } from "./+types/partners.new";
import { adminLanguage } from "~/admin/i18n.server";
import { AdminPage, LinkButton } from "~/admin/ui";
import { adminUser } from "~/auth/guard.server";
import { useTranslation } from "~/i18n/react";
import { handlePartnerForm, stateFromPartner } from "~/partners/partner-admin.server";
import { PartnerForm } from "~/partners/partner-form-view";
import { getApp } from "~/server/context";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  return { state: stateFromPartner(undefined, await adminLanguage(db.kysely)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = getApp(context);
  const user = adminUser(context);
  const outcome = await handlePartnerForm(db.kysely, request, { lng: await adminLanguage(db.kysely), actor: { id: user.id, label: user.name || user.email } });
  if ("saved" in outcome) throw redirect(`/admin/partners?saved=${encodeURIComponent(outcome.saved.code)}`);
  return data({ state: outcome.state }, { status: outcome.status });
}

export default function NewPartner({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const state = actionData?.state ?? loaderData.state;
  return (
    <AdminPage title={t("partners.addTitle")} actions={<LinkButton to="/admin/partners">{t("partners.backToPartners")}</LinkButton>}>
      <title>{`${t("partners.addTitle")} · ${t("shell.brand")}`}</title>
      <PartnerForm key={JSON.stringify(state)} state={state} submitLabel={t("partners.submitAdd")} />
    </AdminPage>
  );
}
