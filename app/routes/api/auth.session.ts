import type { Route } from "./+types/auth.session";
import { getCurrentSession } from "~/auth/session.server";
import { AUTH } from "~/auth/messages";
import { problem } from "~/i18n/problem";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";

/** GET /api/auth/session → the signed-in user and when the session ends; 401 without a live session. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getCurrentSession(request, context);
  if (!session || !session.verified) {
    return apiProblem(401, "unauthorized", problem(AUTH.notSignedIn));
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
