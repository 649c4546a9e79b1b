import type { Route } from "./+types/auth.session";
import { getCurrentSession } from "~/auth/session.server";
import { apiError, apiOk, methodNotAllowed } from "~/server/api";

/** GET /api/auth/session → the signed-in user and when the session ends; 401 without a live session. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getCurrentSession(request, context);
  if (!session || !session.verified) {
    return apiError(401, { code: "unauthorized", message: "Oturum açılmamış. Lütfen tekrar giriş yapın." });
  }
  return apiOk({
    user: { id: session.user.id, email: session.user.email, name: session.user.name, role: session.user.role },
    expiresAt: session.expiresAt,
    remember: session.remember,
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
