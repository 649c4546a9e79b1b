import { data, redirect } from "react-router";
import type { Route } from "./+types/partners.$id.statements";
import { adminLanguage } from "~/admin/i18n.server";
import { useCan } from "~/admin/can";
import { AdminPage, Alert, Card, LinkButton, buttonClass } from "~/admin/ui";
import { staffActor } from "~/audit/audit.server";
import { adminUser } from "~/auth/guard.server";
import { useTranslation } from "~/i18n/react";
import { isStatementMonth, lastMonth, monthOf } from "~/partners/statement";
import { MonthPicker, MonthsList, PaidPanel, StatementTable, StatementTotalsList } from "~/partners/statement-view";
import { markStatementPaid, markStatementUnpaid, partnerStatement, statementMonths } from "~/partners/statements.server";
import { getApp } from "~/server/context";
import { isPlausibleId } from "~/server/http/ids";

/** GET /admin/partners/:id/statements?month=YYYY-MM (issue 33): a partner's month, last month by default. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = getApp(context);
  if (!isPlausibleId(params.id)) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const asked = (url.searchParams.get("month") ?? "").trim().slice(0, 20);
  const invalidMonth = asked !== "" && !isStatementMonth(asked);
  const month = isStatementMonth(asked) ? asked : lastMonth();
  const statement = await partnerStatement(db.kysely, params.id, month, { lng: await adminLanguage(db.kysely) });
  if (!statement) throw data(null, { status: 404 });
  const months = await statementMonths(db.kysely, params.id, monthOf(new Date()));
  const done = url.searchParams.get("done");
  return { statement, months, invalidMonth, done: done === "paid" || done === "unpaid" || done === "alreadyPaid" || done === "notPaid" ? done : null };
}

/** POST intent=paid (with a note) or intent=unpaid, month: admins (partners.write, by the layout's guard); audited. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, clientIp } = getApp(context);
  if (!isPlausibleId(params.id)) throw data(null, { status: 404 });
  const form = await request.formData();
  const month = String(form.get("month") ?? "");
  const intent = form.get("intent");
  if (!isStatementMonth(month) || (intent !== "paid" && intent !== "unpaid")) throw data(null, { status: 400 });
  const who = { actor: staffActor(adminUser(context)), ip: clientIp };
  const result = intent === "paid" ? await markStatementPaid(db.kysely, params.id, month, who, String(form.get("note") ?? "")) : await markStatementUnpaid(db.kysely, params.id, month, who);
  if (!result.ok && result.code === "not_found") throw data(null, { status: 404 });
  const done = result.ok ? intent : result.code === "already_paid" ? "alreadyPaid" : "notPaid";
  throw redirect(`/admin/partners/${params.id}/statements?month=${month}&done=${done}`);
}

export default function PartnerStatementsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const can = useCan();
  const { statement, months, invalidMonth, done } = loaderData;
  const { partner, month } = statement;
  const title = t("partners.statements.title", { name: partner.name, month });
  const file = (ext: "pdf" | "csv") => `/admin/partners/${partner.id}/statements/${month}.${ext}`;
  return (
    <AdminPage
      title={title}
      description={t("partners.statements.description")}
      actions={<LinkButton to={`/admin/partners/${partner.id}`}>{t("partners.statements.backToPartner")}</LinkButton>}
    >
      <title>{`${title} · ${t("shell.brand")}`}</title>
      {invalidMonth ? <Alert tone="error">{t("partners.statements.invalidMonth")}</Alert> : null}
      {done ? <Alert tone={done === "paid" || done === "unpaid" ? "success" : "warning"}>{t(`partners.statements.done.${done}`, { month })}</Alert> : null}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <MonthPicker partnerId={partner.id} month={month} />
        <div className="flex flex-wrap gap-2">
          <a href={file("pdf")} className={buttonClass("secondary")} download>
            {t("partners.statements.pdf")}
          </a>
          <a href={file("csv")} className={buttonClass("secondary")} download>
            {t("partners.statements.csv")}
          </a>
        </div>
      </div>
      <Card title={t("partners.statements.bookings")} bodyClassName="p-0">
        <p className="px-5 pt-3 text-sm text-slate-600 admin-dark:text-slate-400">{t("partners.statements.byPickup")}</p>
        <StatementTable statement={statement} />
      </Card>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card title={t("partners.statements.totalsTitle")}>
          <StatementTotalsList totals={statement.totals} partnerName={partner.name} />
        </Card>
        <PaidPanel statement={statement} canWrite={can("partners.write")} />
      </div>
      <MonthsList partnerId={partner.id} months={months} current={month} />
    </AdminPage>
  );
}
