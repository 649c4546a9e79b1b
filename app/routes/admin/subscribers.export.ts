import type { Route } from "./+types/subscribers.export";
import { adminLanguage, adminText } from "~/admin/i18n.server";
import { csvFileName } from "~/utils/csv";
import { subscribersCsvStream } from "~/messages/messages.server";
import { getApp } from "~/server/context";

/** GET /admin/subscribers/export?q= — newsletter subscribers as CSV, streamed, headed in the admin language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const q = new URL(request.url).searchParams.get("q")?.trim().slice(0, 100) || undefined;
  const lng = await adminLanguage(db.kysely);
  return new Response(subscribersCsvStream(db.kysely, q, undefined, lng), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(adminText(lng, "subscribers.csv.fileName"))}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
