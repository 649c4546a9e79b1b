import type { Route } from "./+types/customers";
import { requireApi } from "~/auth/session.server";
import { listCustomers } from "~/booking/index.server";
import { data } from "react-router";
import { methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { parseLimit, parsePage } from "~/utils/paging";

/**
 * GET /api/customers?q=&page=&limit= — the guests the office knows (staff: admins and
 * dispatchers), searched by name, e-mail or phone in any format, the latest booked first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireApi(request, context, "customers");
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 100) || undefined;
  const page = await listCustomers(getApp(context).db.kysely, q, parsePage(params.get("page")), parseLimit(params.get("limit"), 20));
  return data(
    {
      success: true as const,
      data: page.customers.map((c) => ({
        id: c.id,
        full_name: c.full_name,
        email: c.email,
        phone: c.phone,
        language: c.language,
        notes: c.notes,
        marketing_consent_at: c.marketing_consent_at,
        last_booked_at: c.last_booked_at,
        last_trip_at: c.last_trip_at,
        created_at: c.created_at,
      })),
      pagination: { page: page.page, pageSize: page.pageSize, total: page.total, pageCount: page.pageCount },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function action() {
  return methodNotAllowed(["GET"]);
}
