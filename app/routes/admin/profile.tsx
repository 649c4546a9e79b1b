import { redirect } from "react-router";
import type { Route } from "./+types/profile";
import { requireAdmin } from "~/auth/session.server";

/** The user menu's "Profil": the settings screen's profile tab. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  throw redirect("/admin/settings?tab=profile");
}
