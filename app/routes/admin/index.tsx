import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { requireAdmin } from "~/auth/session.server";

/** /admin → the dashboard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  throw redirect("/admin/dashboard");
}
