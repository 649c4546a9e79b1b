import { redirect } from "react-router";

/** /admin → the dashboard. */
export function loader() {
  throw redirect("/admin/dashboard");
}
