import { redirect } from "react-router";

/** The user menu's "Profil": the settings screen's profile tab. */
export function loader() {
  throw redirect("/admin/settings?tab=profile");
}
