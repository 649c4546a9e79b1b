import { useTranslation } from "~/i18n/react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/drivers.edit.$id";
import { adminLanguage } from "~/admin/i18n.server";
import { AdminPage, LinkButton } from "~/admin/ui";
import { adminUser } from "~/auth/guard.server";
import { handleDriverForm, linkableDriverAccounts, stateFromDriver } from "~/drivers/driver-admin.server";
import { DriverForm } from "~/drivers/driver-form-view";
import { getDriver } from "~/drivers/drivers.server";
import { isPlausibleId } from "~/server/http/ids";
import { getApp } from "~/server/context";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const driver = isPlausibleId(params.id) ? await getDriver(db.kysely, params.id) : undefined;
  if (!driver) throw data(null, { status: 404 });
  return { id: driver.id, name: driver.name, state: stateFromDriver(driver), accounts: await linkableDriverAccounts(db.kysely, driver.id) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, storage, log } = getApp(context);
  if (!isPlausibleId(params.id)) throw data(null, { status: 404 });
  const user = adminUser(context);
  const outcome = await handleDriverForm(db.kysely, storage, request, {
    id: params.id,
    lng: await adminLanguage(db.kysely),
    actor: { id: user.id, label: user.name || user.email },
    log,
  });
  if ("saved" in outcome) throw redirect("/admin/drivers?saved=1");
  return data({ state: outcome.state }, { status: outcome.status });
}

export default function EditDriver({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const state = actionData?.state ?? loaderData.state;
  const title = t("drivers.editTitle", { name: loaderData.name });
  return (
    <AdminPage
      title={title}
      actions={
        <>
          <LinkButton to={`/admin/drivers/${loaderData.id}/shifts`}>{t("drivers.shifts.link")}</LinkButton>
          <LinkButton to={`/admin/drivers/${loaderData.id}/documents`}>{t("documents.link")}</LinkButton>
          <LinkButton to="/admin/drivers">{t("drivers.backToDrivers")}</LinkButton>
        </>
      }
    >
      <title>{`${title} · ${t("shell.brand")}`}</title>
      <DriverForm key={JSON.stringify(state)} state={state} accounts={loaderData.accounts} submitLabel={t("drivers.submitEdit")} />
    </AdminPage>
  );
}
