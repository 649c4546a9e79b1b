/**
 * The office's business by partner (issue 33), for the dashboard and `/api/stats/dashboard`: the
 * bookings made in a period (created in it, not cancelled, as the dashboard's other sales figures
 * count), per partner, with the guest price and the partners' commission; the office's and the
 * site's own bookings under "direct" for comparison. Largest revenue first.
 */
import type { Kysely } from "kysely";
import { bookingTotalsByPartner } from "~/booking/index.server";
import type { Database } from "~/server/db/schema";
import { kurus, kurusToLira, type Kurus } from "~/utils/money";

export interface PartnerFigure {
  partnerId: string;
  code: string;
  name: string;
  bookings: number;
  /** guest price, kuruş */
  revenue: Kurus;
  commission: Kurus;
}

export interface FiguresByPartner {
  partners: PartnerFigure[];
  /** the bookings no partner sold */
  direct: { bookings: number; revenue: Kurus };
}

export async function figuresByPartner(db: Kysely<Database>, from: string, until: string): Promise<FiguresByPartner> {
  const totals = await bookingTotalsByPartner(db, from, until);
  const ids = totals.flatMap((r) => (r.partnerId ? [r.partnerId] : []));
  const names = ids.length === 0 ? [] : await db.selectFrom("partners").select(["id", "code", "name"]).where("id", "in", ids).execute();
  const byId = new Map(names.map((p) => [p.id, p]));
  const direct = totals.find((r) => r.partnerId === null);
  const partners = totals
    .flatMap((r) => {
      const p = r.partnerId ? byId.get(r.partnerId) : undefined;
      return p ? [{ partnerId: p.id, code: p.code, name: p.name, bookings: r.bookings, revenue: r.revenue, commission: r.commission }] : [];
    })
    .sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name, "tr"));
  return { partners, direct: { bookings: direct?.bookings ?? 0, revenue: direct?.revenue ?? kurus(0) } };
}

/** As `/api/stats/dashboard` answers it: lira. */
export const figuresJson = (f: FiguresByPartner) => ({
  byPartner: f.partners.map((p) => ({ partnerId: p.partnerId, code: p.code, name: p.name, bookings: p.bookings, revenue: kurusToLira(p.revenue), commission: kurusToLira(p.commission) })),
  direct: { bookings: f.direct.bookings, revenue: kurusToLira(f.direct.revenue) },
});
export type FiguresJson = ReturnType<typeof figuresJson>;
