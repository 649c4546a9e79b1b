import { data, redirect } from "react-router";
import type { Route } from "./+types/cars.add";
import { requireAdmin } from "~/auth/session.server";
import { AdminPage, LinkButton } from "~/admin/ui";
import { CarForm } from "~/fleet/car-form-view";
import { handleCarForm, stateFromCar } from "~/fleet/car-form.server";
import { getApp } from "~/server/context";

export const meta: Route.MetaFunction = () => [{ title: "Yeni Araç · Yönetim Paneli" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { state: stateFromCar() };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const { db, storage } = getApp(context);
  const outcome = await handleCarForm(db.kysely, storage, request);
  if ("saved" in outcome) throw redirect("/admin/cars?saved=1");
  return data({ state: outcome.state }, { status: outcome.status });
}

export default function AddCar({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  return (
    <AdminPage title="Yeni Araç" actions={<LinkButton to="/admin/cars">Araçlara dön</LinkButton>}>
      <CarForm key={JSON.stringify(state)} state={state} submitLabel="Aracı kaydet" />
    </AdminPage>
  );
}
