import { useTranslation } from "~/i18n/react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/cars.edit.$id";
import { adminLanguage } from "~/admin/i18n.server";
import { AdminPage, Alert, LinkButton } from "~/admin/ui";
import { isPlausibleId } from "~/server/http/ids";
import { adminCan, requirePermission } from "~/auth/guard.server";
import { CarForm, CarStatusForm } from "~/fleet/car-form-view";
import { handleCarForm, stateFromCar, statusOnlyCarPost } from "~/fleet/car-form.server";
import { getCarWithCount } from "~/fleet/cars-api.server";
import { maintenanceConflicts } from "~/fleet/maintenance.server";
import { MaintenanceConflicts } from "~/fleet/maintenance-view";
import { adminAudit } from "~/audit/context.server";
import { getApp } from "~/server/context";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const car = isPlausibleId(params.id) ? await getCarWithCount(db.kysely, params.id) : undefined;
  if (!car) throw data(null, { status: 404 });
  const conflicting = (await maintenanceConflicts(db.kysely, car)) ?? [];
  const saved = new URL(request.url).searchParams.get("saved") === "1";
  // A dispatcher (cars.status) sees the car and sets its status and maintenance; the rest is an admin's.
  return { id: car.id, name: car.name, state: stateFromCar(car), conflicting, saved, fullEdit: adminCan(context, "cars.write") };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, storage, log } = getApp(context);
  if (!isPlausibleId(params.id)) throw data(null, { status: 404 });
  let post = request;
  if (!adminCan(context, "cars.write")) {
    const car = await getCarWithCount(db.kysely, params.id);
    if (!car) throw data(null, { status: 404 });
    const limited = await statusOnlyCarPost(request, car);
    if (limited === "forbidden") requirePermission(context, "cars.write");
    else post = limited;
  }
  const outcome = await handleCarForm(db.kysely, storage, post, { id: params.id, lng: await adminLanguage(db.kysely), log, audit: adminAudit(context) });
  // A maintenance window over booked trips: the car's page lists them, so the office can move them.
  if ("saved" in outcome) throw redirect(outcome.conflicting?.length ? `/admin/cars/edit/${params.id}?saved=1` : "/admin/cars?saved=1");
  return data({ state: outcome.state }, { status: outcome.status });
}

export default function EditCar({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const state = actionData?.state ?? loaderData.state;
  const title = t("cars.editTitle", { name: loaderData.name });
  return (
    <AdminPage
      title={title}
      actions={
        <>
          <LinkButton to={`/admin/cars/${loaderData.id}/documents`}>{t("documents.link")}</LinkButton>
          <LinkButton to="/admin/cars">{t("cars.backToCars")}</LinkButton>
        </>
      }
    >
      <title>{`${title} · ${t("shell.brand")}`}</title>
      {loaderData.saved && !actionData ? <Alert tone={loaderData.conflicting.length ? "info" : "success"}>{t(loaderData.conflicting.length ? "carMaintenance.savedWithConflicts" : "cars.saved")}</Alert> : null}
      <MaintenanceConflicts bookings={loaderData.conflicting} />
      {loaderData.fullEdit ? (
        <CarForm key={JSON.stringify(state)} state={state} submitLabel={t("carForm.submitEdit")} />
      ) : (
        <CarStatusForm key={JSON.stringify(state)} state={state} submitLabel={t("carForm.submitEdit")} />
      )}
    </AdminPage>
  );
}
