/**
 * The dashboard's "by partner" card (issue 33): this month's bookings, guest revenue and
 * commission per partner, each a link to its statements, and the direct bookings for comparison.
 */
import { Link } from "react-router";
import { useAdminFormat } from "~/admin/i18n";
import { Card } from "~/admin/ui";
import { useTranslation } from "~/i18n/react";
import { formatTry } from "~/utils/money";
import type { FiguresByPartner } from "./partner-figures.server";

export function ByPartnerCard({ figures }: { figures: FiguresByPartner }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const cell = "px-3 py-2 text-right tabular-nums";
  return (
    <Card title={t("dashboard.byPartner.title")} className="xl:col-span-3" bodyClassName="p-0">
      <p className="px-5 pt-3 text-sm text-slate-600 admin-dark:text-slate-400">{t("dashboard.byPartner.note")}</p>
      {/* scrolls sideways on a phone: reachable by keyboard (tabIndex) and named */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("dashboard.byPartner.title")}>
        <table className="w-full text-left text-sm" data-testid="by-partner">
          <thead className="text-xs uppercase text-slate-600 admin-dark:text-slate-300">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("dashboard.byPartner.partner")}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                {t("dashboard.byPartner.bookings")}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                {t("dashboard.byPartner.revenue")}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                {t("dashboard.byPartner.commission")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 admin-dark:divide-slate-800">
            {figures.partners.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-3 py-2 text-slate-600 admin-dark:text-slate-400">
                  {t("dashboard.byPartner.none")}
                </td>
              </tr>
            ) : (
              figures.partners.map((p) => (
                <tr key={p.partnerId}>
                  <th scope="row" className="px-3 py-2 font-medium">
                    <Link to={`/admin/partners/${p.partnerId}/statements`} className="text-brand-strong hover:underline admin-dark:text-brand">
                      {p.name}
                    </Link>{" "}
                    <span className="font-mono text-xs text-slate-500 admin-dark:text-slate-400">{p.code}</span>
                  </th>
                  <td className={cell}>{format.number(p.bookings)}</td>
                  <td className={cell}>{formatTry(p.revenue)}</td>
                  <td className={cell}>{formatTry(p.commission)}</td>
                </tr>
              ))
            )}
            <tr className="bg-slate-50 admin-dark:bg-slate-800/50">
              <th scope="row" className="px-3 py-2 font-medium">
                {t("dashboard.byPartner.direct")}
              </th>
              <td className={cell}>{format.number(figures.direct.bookings)}</td>
              <td className={cell}>{formatTry(figures.direct.revenue)}</td>
              <td className={cell}>—</td>
            </tr>
          </tbody>
        </table>
      </div>
    </Card>
  );
}
