import { useTranslation } from "~/i18n/react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/cars.add";
import { adminLanguage } from "~/admin/i18n.server";
import { AdminPage, LinkButton } from "~/admin/ui";
import { CarForm } from "~/fleet/car-form-view";
import { handleCarForm, stateFromCar } from "~/fleet/car-form.server";
import { adminAudit } from "~/audit/context.server";
import { getApp } from "~/server/context";

export function loader() {
  return { state: stateFromCar() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, storage, log } = getApp(context);
  const outcome = await handleCarForm(db.kysely, storage, request, { lng: await adminLanguage(db.kysely), log, audit: adminAudit(context) });
  if ("saved" in outcome) throw redirect("/admin/cars?saved=1");
  return data({ state: outcome.state }, { status: outcome.status });
}

export default function AddCar({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const state = actionData?.state ?? loaderData.state;
  return (
    <AdminPage title={t("cars.addTitle")} actions={<LinkButton to="/admin/cars">{t("cars.backToCars")}</LinkButton>}>
      <title>{`${t("cars.addTitle")} · ${t("shell.brand")}`}</title>
      <CarForm key={JSON.stringify(state)} state={state} submitLabel={t("carForm.submitAdd")} />
    </AdminPage>
  );
}
