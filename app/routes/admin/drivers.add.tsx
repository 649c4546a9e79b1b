import { useTranslation } from "~/i18n/react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/drivers.add";
import { adminLanguage } from "~/admin/i18n.server";
import { AdminPage, LinkButton } from "~/admin/ui";
import { adminUser } from "~/auth/guard.server";
import { handleDriverForm, linkableDriverAccounts, stateFromDriver } from "~/drivers/driver-admin.server";
import { DriverForm } from "~/drivers/driver-form-view";
import { getApp } from "~/server/context";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  return { state: stateFromDriver(), accounts: await linkableDriverAccounts(db.kysely) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, storage, log } = getApp(context);
  const user = adminUser(context);
  const outcome = await handleDriverForm(db.kysely, storage, request, { lng: await adminLanguage(db.kysely), actor: { id: user.id, label: user.name || user.email }, log });
  if ("saved" in outcome) throw redirect("/admin/drivers?saved=1");
  return data({ state: outcome.state }, { status: outcome.status });
}

export default function AddDriver({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const state = actionData?.state ?? loaderData.state;
  return (
    <AdminPage title={t("drivers.addTitle")} actions={<LinkButton to="/admin/drivers">{t("drivers.backToDrivers")}</LinkButton>}>
      <title>{`${t("drivers.addTitle")} · ${t("shell.brand")}`}</title>
      <DriverForm key={JSON.stringify(state)} state={state} accounts={loaderData.accounts} submitLabel={t("drivers.submitAdd")} />
    </AdminPage>
  );
}
