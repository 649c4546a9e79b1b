/**
 * GET /admin/bookings/:id/no-show-evidence?lng=tr|en|de|ru — the no-show's evidence pack (issue 31)
 * as a PDF, in Turkish by default or in the guest's language. 404 when no leg of the booking is a
 * no-show. Staff who may read bookings.
 */
import type { Route } from "./+types/bookings.$id.no-show";
import { data } from "react-router";
import { isLanguage } from "~/i18n/config";
import { fixedT } from "~/i18n/translate.server";
import { evidenceFileName, noShowEvidence, noShowEvidencePdf } from "~/notify/no-show-evidence.server";
import { getApp } from "~/server/context";
import { isPlausibleId } from "~/server/http/ids";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = getApp(context).db.kysely;
  const asked = new URL(request.url).searchParams.get("lng");
  const lng = isLanguage(asked) ? asked : "tr";
  const evidence = isPlausibleId(params.id) ? await noShowEvidence(db, params.id) : undefined;
  if (!evidence) throw data(null, { status: 404 });
  const pdf = await noShowEvidencePdf(evidence, lng, fixedT(lng, "booking"));
  return new Response(new Uint8Array(pdf), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${evidenceFileName(evidence.booking.reference, lng)}"`, "Cache-Control": "private, no-store" },
  });
}
