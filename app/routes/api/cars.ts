import type { Route } from "./+types/cars";
import { listCars } from "~/fleet/cars.server";
import { apiOk, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";

/** GET /api/cars — the public fleet: active cars in display order. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const { cars } = await listCars(db.kysely, { status: "active" });
  return apiOk(cars);
}

export function action() {
  return methodNotAllowed(["GET"]);
}
