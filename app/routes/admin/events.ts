import type { Route } from "./+types/events";
import { officeEventStream } from "~/admin/live.server";

/**
 * The back office's live stream (issue 31): server-sent events telling a staff member's open pages
 * that bookings, their legs or the notices changed (app/admin/live.server.ts). Outside the guarded
 * layout on purpose: a browser's EventSource cannot follow a redirect to the sign-in page, so a
 * stranger gets a 401 and a role without the board a 403. GET only (no action: other methods 405).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return officeEventStream(request, context);
}
