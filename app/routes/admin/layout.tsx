import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdmin } from "~/auth/session.server";

/** The back-office shell: every page inside it requires a signed-in admin. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context);
  return { user: session.user };
}

export default function AdminLayout() {
  return (
    <div className="min-h-dvh bg-slate-950 text-slate-100">
      <Outlet />
    </div>
  );
}
