import { data, redirect } from "react-router";
import type { Route } from "./+types/cars.edit.$id";
import { requireAdmin } from "~/auth/session.server";
import { AdminPage, LinkButton } from "~/admin/ui";
import { isPlausibleId } from "~/booking/admin-api.server";
import { CarForm } from "~/fleet/car-form-view";
import { handleCarForm, stateFromCar } from "~/fleet/car-form.server";
import { getCar } from "~/fleet/cars.server";
import { getApp } from "~/server/context";

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `${d?.name ?? "Araç"} düzenle · Yönetim Paneli` }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = getApp(context);
  const car = isPlausibleId(params.id) ? await getCar(db.kysely, params.id) : undefined;
  if (!car) throw data("Araç bilgileri yüklenirken bir hata oluştu.", { status: 404 });
  return { name: car.name, state: stateFromCar(car) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const { db, storage } = getApp(context);
  if (!isPlausibleId(params.id)) throw data("Araç bulunamadı.", { status: 404 });
  const outcome = await handleCarForm(db.kysely, storage, request, params.id);
  if ("saved" in outcome) throw redirect("/admin/cars?saved=1");
  return data({ state: outcome.state }, { status: outcome.status });
}

export default function EditCar({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  return (
    <AdminPage title={`${loaderData.name} düzenle`} actions={<LinkButton to="/admin/cars">Araçlara dön</LinkButton>}>
      <CarForm key={JSON.stringify(state)} state={state} submitLabel="Değişiklikleri kaydet" />
    </AdminPage>
  );
}
