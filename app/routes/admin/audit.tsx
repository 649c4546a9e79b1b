import { useTranslation } from "~/i18n/react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/audit";
import { useAdminFormat } from "~/admin/i18n";
import { AdminPage, Alert, Card, EmptyState, LinkButton, SelectField, TextField, buttonClass } from "~/admin/ui";
import { listHref } from "~/admin/ui/list";
import { actionLabelKey, AUDIT_ENTITIES, cursorText, filterParams, NO_USER, parseAuditQuery, type AuditField } from "~/audit/audit-log";
import { auditChoices, listAuditLog } from "~/audit/audit-log.server";
import { auditDetailLines, type Say } from "~/audit/audit-words";
import { getApp } from "~/server/context";

/**
 * /admin/audit — "Denetim Kaydı" (admin only, policy.ts): who changed what and when, newest first,
 * filtered by the GET form (works without JavaScript), 100 entries a page (keyset: `after`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const query = parseAuditQuery(new URL(request.url).searchParams);
  const [page, choices] = await Promise.all([listAuditLog(db.kysely, query.filter, query.cursor), auditChoices(db.kysely)]);
  return {
    entries: page.entries,
    next: page.next ? cursorText(page.next) : null,
    paged: Boolean(query.cursor),
    params: filterParams(query.filter),
    values: query.values,
    errors: query.errors,
    choices,
  };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const format = useAdminFormat();
  const say: Say = (key) => (i18n.exists(key) ? t(key) : undefined);
  const words = { date: (iso: string) => format.date(iso), day: (day: string) => format.day(day) };
  const { entries, next, paged, params, values, errors, choices } = loaderData;
  const actionText = (action: string) => t(actionLabelKey(action), { defaultValue: action });
  const entityText = (entity: string) => t(`audit.entities.${entity}`, { defaultValue: entity });
  const fieldErrors = (field: AuditField) => (errors[field] ? [t(errors[field])] : undefined);
  const hasErrors = Object.keys(errors).length > 0;
  // A value typed into the URL that is not a choice stays visible in its select.
  const withTyped = (options: Array<{ value: string; label: string }>, typed: string) =>
    typed && !options.some((o) => o.value === typed) ? [...options, { value: typed, label: typed }] : options;
  const filtered = Object.values(params).some(Boolean);
  return (
    <AdminPage
      title={t("audit.title")}
      description={t("audit.description")}
      actions={
        <a href={listHref("/admin/audit/export", params, {})} className={buttonClass("secondary")} download>
          {t("ui.exportCsv")}
        </a>
      }
    >
      <title>{`${t("audit.title")} · ${t("shell.brand")}`}</title>
      {hasErrors ? <Alert tone="error">{t("audit.errors.summary")}</Alert> : null}
      <Form method="get" role="search" aria-label={t("audit.filters")} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
        <TextField id="audit-from" label={t("audit.from")} type="date" name="from" defaultValue={values.from} errors={fieldErrors("from")} />
        <TextField id="audit-to" label={t("audit.to")} type="date" name="to" defaultValue={values.to} errors={fieldErrors("to")} />
        <SelectField
          id="audit-user"
          label={t("audit.user")}
          name="user"
          defaultValue={values.user}
          errors={fieldErrors("user")}
          options={withTyped([{ value: "", label: t("audit.allUsers") }, ...choices.users.map((u) => ({ value: u.id, label: u.label })), { value: NO_USER, label: t("audit.noUser") }], values.user)}
        />
        <SelectField
          id="audit-entity"
          label={t("audit.entity")}
          name="entity"
          defaultValue={values.entity}
          errors={fieldErrors("entity")}
          options={withTyped([{ value: "", label: t("audit.allEntities") }, ...AUDIT_ENTITIES.map((e) => ({ value: e, label: entityText(e) }))], values.entity)}
        />
        <SelectField
          id="audit-action"
          label={t("audit.action")}
          name="action"
          defaultValue={values.action}
          errors={fieldErrors("action")}
          options={withTyped([{ value: "", label: t("audit.allActions") }, ...choices.actions.map((a) => ({ value: a, label: actionText(a) }))], values.action)}
        />
        <TextField id="audit-q" label={t("audit.search")} type="search" name="q" defaultValue={values.q} errors={fieldErrors("q")} maxLength={200} />
        <div className="flex flex-wrap gap-2 lg:col-span-6">
          <button type="submit" className={buttonClass("primary")}>
            {t("audit.apply")}
          </button>
          {filtered || hasErrors ? <LinkButton to="/admin/audit">{t("audit.clear")}</LinkButton> : null}
        </div>
      </Form>
      {entries.length === 0 ? (
        <EmptyState title={filtered ? t("audit.emptyMatch") : t("audit.empty")} />
      ) : (
        <Card bodyClassName="p-0">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("audit.caption")}</caption>
            <thead className="hidden border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase md:table-header-group admin-dark:border-slate-800 admin-dark:bg-slate-900 admin-dark:text-slate-400">
              <tr>
                <th scope="col" className="px-4 py-3">{t("audit.colTime")}</th>
                <th scope="col" className="px-4 py-3">{t("audit.colUser")}</th>
                <th scope="col" className="px-4 py-3">{t("audit.colAction")}</th>
                <th scope="col" className="px-4 py-3">{t("audit.colRecord")}</th>
                <th scope="col" className="px-4 py-3">{t("audit.colDetails")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 admin-dark:divide-slate-800">
              {entries.map((e) => {
                const lines = auditDetailLines(e.details, say, words);
                return (
                  <tr key={e.id} className="block px-4 py-3 md:table-row md:p-0" data-testid="audit-entry">
                    <td className="block md:table-cell md:px-4 md:py-3 md:whitespace-nowrap">
                      <span className="sr-only md:hidden">{t("audit.colTime")}: </span>
                      <time dateTime={e.at}>{format.date(e.at)}</time>
                    </td>
                    <td className="block font-medium md:table-cell md:px-4 md:py-3">
                      <span className="sr-only md:hidden">{t("audit.colUser")}: </span>
                      {e.userLabel}
                      {e.ip ? <span className="block text-xs font-normal text-slate-500 admin-dark:text-slate-400">{e.ip}</span> : null}
                    </td>
                    <td className="block md:table-cell md:px-4 md:py-3">
                      <span className="sr-only md:hidden">{t("audit.colAction")}: </span>
                      {actionText(e.action)}
                    </td>
                    <td className="block md:table-cell md:px-4 md:py-3">
                      <span className="sr-only md:hidden">{t("audit.colRecord")}: </span>
                      <span className="text-slate-600 admin-dark:text-slate-400">{entityText(e.entity)}</span>{" "}
                      {e.href ? (
                        <Link to={e.href} className="font-medium text-blue-700 underline admin-dark:text-blue-300">
                          {e.summary || e.entityId}
                        </Link>
                      ) : (
                        <span className="break-all">{e.summary || e.entityId}</span>
                      )}
                    </td>
                    <td className="block md:table-cell md:px-4 md:py-3">
                      {lines.length > 0 ? (
                        <details>
                          <summary className="cursor-pointer text-blue-700 admin-dark:text-blue-300">{t("audit.showDetails", { n: lines.length })}</summary>
                          <dl className="mt-2 space-y-1 text-xs">
                            {lines.map(([field, value], i) => (
                              <div key={`${field}-${i}`} className="break-words">
                                <dt className="inline font-semibold">{field}: </dt>
                                <dd className="inline">{value}</dd>
                              </div>
                            ))}
                          </dl>
                        </details>
                      ) : (
                        <span className="text-slate-500 admin-dark:text-slate-400">—</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Card>
      )}
      {next || paged ? (
        <nav aria-label={t("audit.pages")} className="flex flex-wrap gap-2">
          {paged ? <LinkButton to={listHref("/admin/audit", params, {})}>{t("audit.newest")}</LinkButton> : null}
          {next ? <LinkButton to={listHref("/admin/audit", params, { after: next })}>{t("audit.older")}</LinkButton> : null}
        </nav>
      ) : null}
    </AdminPage>
  );
}
