import { Form } from "react-router";
import type { Route } from "./+types/partners";
import { useCan } from "~/admin/can";
import { AdminPage, Alert, EmptyState, LinkButton, SelectField, StatusBadge, TextField, buttonClass } from "~/admin/ui";
import { useTranslation } from "~/i18n/react";
import { isPartnerKind, PARTNER_KINDS, type Partner } from "~/partners/partners";
import { listPartners } from "~/partners/partners.server";
import { getApp } from "~/server/context";

/** Partners (issue 33): who sells our transfers, their commission and terms; a search and a kind filter in the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, log } = getApp(context);
  const params = new URL(request.url).searchParams;
  const kind = params.get("kind");
  const filter = { q: params.get("q")?.trim().slice(0, 100) || undefined, kind: isPartnerKind(kind) ? kind : undefined };
  // the code of the partner just saved (PRG: the redirect names it)
  const saved = params.get("saved")?.slice(0, 20) || null;
  try {
    return { partners: await listPartners(db.kysely, filter), filter, saved, failed: false };
  } catch (error) {
    log.error({ err: error }, "partners list failed");
    return { partners: [] as Partner[], filter, saved, failed: true };
  }
}

const LINK = "text-brand-strong underline-offset-2 hover:underline admin-dark:text-brand";

export default function AdminPartners({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const can = useCan();
  const { partners, filter, saved, failed } = loaderData;
  const filtered = Boolean(filter.q || filter.kind);
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const addButton = can("partners.write") ? (
    <LinkButton to="/admin/partners/new" variant="primary">
      {t("partners.add")}
    </LinkButton>
  ) : null;
  return (
    <AdminPage title={t("nav.partners")} description={t("partners.description")} actions={addButton}>
      <title>{`${t("nav.partners")} · ${t("shell.brand")}`}</title>
      {saved ? (
        <Alert tone="success" autoHideMs={4000}>
          {t("partners.saved", { code: saved })}
        </Alert>
      ) : null}
      {failed ? <Alert tone="error">{t("partners.messages.loadFailed")}</Alert> : null}

      <Form method="get" role="search" className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <TextField id="partner-q" label={t("ui.search")} type="search" name="q" defaultValue={filter.q ?? ""} placeholder={t("partners.searchPlaceholder")} />
        <SelectField
          id="partner-kind-filter"
          label={t("partners.fields.kind")}
          name="kind"
          defaultValue={filter.kind ?? ""}
          options={[{ value: "", label: t("partners.allKinds") }, ...PARTNER_KINDS.map((kind) => ({ value: kind, label: t(`partners.kinds.${kind}`) }))]}
        />
        <button type="submit" className={buttonClass("primary")}>
          {t("ui.filter")}
        </button>
      </Form>

      {partners.length === 0 && !failed ? (
        <EmptyState
          title={t("partners.empty")}
          description={filtered ? t("partners.emptyFiltered") : t("partners.emptyList")}
          action={filtered ? <LinkButton to="/admin/partners">{t("ui.clearFilters")}</LinkButton> : addButton ?? undefined}
        />
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {partners.map((partner) => (
            <li
              key={partner.id}
              data-testid="admin-partner"
              className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm admin-dark:border-slate-800 admin-dark:bg-slate-900"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h2 className="font-semibold [overflow-wrap:anywhere]">{partner.name}</h2>
                  <p className="text-sm text-slate-500 admin-dark:text-slate-400">
                    <span className="font-mono">{partner.code}</span> · {t(`partners.kinds.${partner.kind}`)}
                  </p>
                </div>
                <StatusBadge label={t(partner.active ? "partners.active" : "partners.inactive")} tone={partner.active ? "success" : "neutral"} />
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-slate-500 admin-dark:text-slate-400">{t("partners.columns.commission")}</dt>
                <dd>{t("partners.percent", { value: percent.format(partner.commissionPercent) })}</dd>
                <dt className="text-slate-500 admin-dark:text-slate-400">{t("partners.columns.creditTerms")}</dt>
                <dd>{t(`partners.creditTerms.${partner.creditTerms}`)}</dd>
                <dt className="text-slate-500 admin-dark:text-slate-400">{t("partners.columns.contact")}</dt>
                <dd className="[overflow-wrap:anywhere]">
                  {partner.contactName || "—"}
                  {partner.email ? (
                    <>
                      {" · "}
                      <a href={`mailto:${partner.email}`} className={LINK}>
                        {partner.email}
                      </a>
                    </>
                  ) : null}
                  {partner.phone ? (
                    <>
                      {" · "}
                      <a href={`tel:${partner.phone.replace(/[^\d+]/g, "")}`} className={LINK}>
                        {partner.phone}
                      </a>
                    </>
                  ) : null}
                </dd>
              </dl>
              <div className="mt-auto flex flex-wrap items-center gap-1">
                <LinkButton to={`/admin/partners/${partner.id}`} size="sm" variant="secondary">
                  {can("partners.write") ? t("ui.edit") : t("partners.open")}
                  <span className="sr-only">: {partner.name}</span>
                </LinkButton>
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
