/**
 * The office's webhook screen of a partner (issue 33): the webhooks with their last delivery, the
 * add form, a webhook's delivery log with "Yeniden gönder". Plain forms that work without
 * JavaScript; the secret is shown after creation and when asked for.
 */
import { Form, Link } from "react-router";
import { Alert, buttonClass, Card, Checkbox, ConfirmDialog, EmptyState, ErrorList, StatusBadge, TextField, type Tone } from "~/admin/ui";
import { useAdminFormat } from "~/admin/i18n";
import { useTranslation } from "~/i18n/react";
import type { WebhookDeliveryStatus } from "~/server/db/schema";
import type { WebhookFormState, WebhookScreen } from "./webhook-admin.server";
import { MAX_WEBHOOK_DESCRIPTION, MAX_WEBHOOK_URL, WEBHOOK_EVENTS } from "./webhook-events";
import type { PartnerWebhook } from "./webhooks.server";

const STATUS_TONES: Record<WebhookDeliveryStatus, Tone> = { pending: "warning", delivered: "success", failed: "danger" };
const eventKey = (event: string) => `partners.webhooks.eventNames.${event.replace(/\./g, "_")}`;

/** The secret, once after creation or when asked for. */
export function SecretNotice({ url, secret, created }: { url: string; secret: string; created: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <Alert tone={created ? "success" : "info"}>
      <p>{created ? t("partners.webhooks.createdNotice", { url }) : t("partners.webhooks.secretNotice", { url })}</p>
      <p className="mt-2">
        <code id="webhook-secret" className="rounded bg-white/70 px-2 py-1 font-mono text-sm break-all admin-dark:bg-slate-900/70">
          {secret}
        </code>
      </p>
      <p className="mt-2 text-xs">{t("partners.webhooks.secretHelp")}</p>
    </Alert>
  );
}

function WebhookItem({ hook, base, selected, canWrite }: { hook: PartnerWebhook; base: string; selected: boolean; canWrite: boolean }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const last = hook.lastDelivery;
  return (
    <li className={`space-y-2 p-4 ${selected ? "bg-slate-50 admin-dark:bg-slate-800/40" : ""}`} data-webhook={hook.id}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm break-all">{hook.url}</span>
        <StatusBadge label={hook.active ? t("partners.webhooks.active") : t("partners.webhooks.inactive")} tone={hook.active ? "success" : "neutral"} />
      </div>
      {hook.description ? <p className="text-sm text-slate-600 admin-dark:text-slate-400">{hook.description}</p> : null}
      <p className="text-xs text-slate-500 admin-dark:text-slate-400">{hook.events.map((e) => t(eventKey(e))).join(" · ")}</p>
      <p className="text-xs text-slate-500 admin-dark:text-slate-400">
        {t("partners.webhooks.lastDelivery")}:{" "}
        {last ? `${format.date(last.createdAt)} · ${t(eventKey(last.event))} · ${t(`partners.webhooks.statuses.${last.status}`)}${last.lastStatusCode ? ` (${last.lastStatusCode})` : ""}` : t("partners.webhooks.never")}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Link to={`${base}?webhook=${hook.id}#deliveries`} className={buttonClass("secondary", "sm")}>
          {t("partners.webhooks.showLog")}
        </Link>
        {canWrite ? (
          <>
            <Form method="post">
              <input type="hidden" name="intent" value="toggle" />
              <input type="hidden" name="webhook" value={hook.id} />
              <input type="hidden" name="active" value={hook.active ? "0" : "1"} />
              <button type="submit" className={buttonClass("secondary", "sm")}>
                {hook.active ? t("partners.webhooks.disable") : t("partners.webhooks.enable")}
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="secret" />
              <input type="hidden" name="webhook" value={hook.id} />
              <button type="submit" className={buttonClass("ghost", "sm")}>
                {t("partners.webhooks.showSecret")}
              </button>
            </Form>
            <ConfirmDialog
              trigger={t("partners.webhooks.delete")}
              triggerVariant="danger"
              message={t("partners.webhooks.deleteConfirm")}
              confirmLabel={t("partners.webhooks.delete")}
              action={base}
              fields={{ intent: "delete", webhook: hook.id }}
            />
          </>
        ) : null}
      </div>
    </li>
  );
}

export function WebhookList({ base, screen, canWrite }: { base: string; screen: WebhookScreen; canWrite: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <Card title={t("partners.webhooks.list")} bodyClassName="p-0">
      {screen.webhooks.length === 0 ? (
        <div className="p-5">
          <EmptyState title={t("partners.webhooks.empty")} description={t("partners.webhooks.emptyHelp")} />
        </div>
      ) : (
        <ul className="divide-y divide-slate-200 admin-dark:divide-slate-800">
          {screen.webhooks.map((hook) => (
            <WebhookItem key={hook.id} hook={hook} base={base} selected={hook.id === screen.selected} canWrite={canWrite} />
          ))}
        </ul>
      )}
    </Card>
  );
}

export function WebhookAddForm({ state }: { state: WebhookFormState }) {
  const { t } = useTranslation("admin");
  const { values, fields } = state;
  return (
    <Card title={t("partners.webhooks.add")}>
      <Form method="post" className="space-y-4" id="webhook-form" noValidate>
        <input type="hidden" name="intent" value="create" />
        {state.message ? <Alert tone="error">{state.message}</Alert> : null}
        <TextField
          id="webhook-url"
          name="url"
          type="url"
          label={t("partners.webhooks.fields.url")}
          help={t("partners.webhooks.fields.urlHelp")}
          defaultValue={values.url}
          errors={fields.url}
          required
          maxLength={MAX_WEBHOOK_URL}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          id="webhook-description"
          name="description"
          label={t("partners.webhooks.fields.description")}
          defaultValue={values.description}
          errors={fields.description}
          maxLength={MAX_WEBHOOK_DESCRIPTION}
        />
        <fieldset aria-describedby={fields.events ? "webhook-events-error" : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-800 admin-dark:text-slate-200">{t("partners.webhooks.fields.events")}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox key={event} id={`webhook-event-${event}`} name="events" value={event} label={t(eventKey(event))} defaultChecked={values.events.includes(event)} />
            ))}
          </div>
          <ErrorList id="webhook-events-error" errors={fields.events} />
        </fieldset>
        <button type="submit" className={buttonClass("primary")}>
          {t("partners.webhooks.submit")}
        </button>
      </Form>
    </Card>
  );
}

function LogPager({ base, screen }: { base: string; screen: WebhookScreen }) {
  const { t } = useTranslation("admin");
  const log = screen.log!;
  const pages = Math.max(1, Math.ceil(log.total / log.pageSize));
  if (pages <= 1) return null;
  const to = (page: number) => `${base}?webhook=${screen.selected}${screen.status ? `&status=${screen.status}` : ""}&page=${page}#deliveries`;
  return (
    <nav className="flex items-center justify-between gap-2 px-5 py-3 text-sm" aria-label={t("partners.webhooks.log")}>
      {log.page > 1 ? <Link to={to(log.page - 1)}>{t("partners.webhooks.prev")}</Link> : <span />}
      <span>{t("partners.webhooks.pageSummary", { page: log.page, pages, total: log.total })}</span>
      {log.page < pages ? <Link to={to(log.page + 1)}>{t("partners.webhooks.next")}</Link> : <span />}
    </nav>
  );
}

export function DeliveryLog({ base, screen, canWrite }: { base: string; screen: WebhookScreen; canWrite: boolean }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const hook = screen.webhooks.find((w) => w.id === screen.selected);
  if (!hook || !screen.log) return null;
  const filter = (status: WebhookDeliveryStatus | null) => `${base}?webhook=${hook.id}${status ? `&status=${status}` : ""}#deliveries`;
  const cell = "px-3 py-2 align-top";
  return (
    <section id="deliveries">
      <Card title={t("partners.webhooks.logFor", { url: hook.url })} bodyClassName="p-0">
        <nav className="flex flex-wrap gap-2 px-5 py-3" aria-label={t("partners.webhooks.columns.status")}>
          {([null, "pending", "delivered", "failed"] as const).map((status) => (
            <Link key={status ?? "all"} to={filter(status)} aria-current={screen.status === status ? "page" : undefined} className={buttonClass(screen.status === status ? "primary" : "secondary", "sm")}>
              {status ? t(`partners.webhooks.statuses.${status}`) : t("partners.webhooks.all")}
            </Link>
          ))}
        </nav>
        {screen.log.deliveries.length === 0 ? (
          <p className="px-5 pb-5 text-sm text-slate-600 admin-dark:text-slate-400">{t("partners.webhooks.logEmpty")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-y border-slate-200 text-xs text-slate-500 uppercase admin-dark:border-slate-800 admin-dark:text-slate-400">
                <tr>
                  {(["time", "event", "status", "code", "duration", "attempts", "error"] as const).map((c) => (
                    <th key={c} scope="col" className={cell}>
                      {t(`partners.webhooks.columns.${c}`)}
                    </th>
                  ))}
                  {canWrite ? <th scope="col" className={cell}><span className="sr-only">{t("partners.webhooks.replay")}</span></th> : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 admin-dark:divide-slate-800">
                {screen.log.deliveries.map((d) => (
                  <tr key={d.id} data-delivery={d.id}>
                    <td className={`${cell} whitespace-nowrap`}>{format.date(d.createdAt)}</td>
                    <td className={cell}>{t(eventKey(d.event))}</td>
                    <td className={cell}>
                      <StatusBadge label={t(`partners.webhooks.statuses.${d.status}`)} tone={STATUS_TONES[d.status]} />
                      {d.nextAttemptAt && d.attempts > 0 ? <div className="mt-1 text-xs text-slate-500">{t("partners.webhooks.nextAttempt", { at: format.date(d.nextAttemptAt) })}</div> : null}
                    </td>
                    <td className={cell}>{d.lastStatusCode ?? "—"}</td>
                    <td className={cell}>{d.lastDurationMs ?? "—"}</td>
                    <td className={cell}>{d.attempts}</td>
                    <td className={`${cell} max-w-xs text-xs break-words`}>{d.lastError ?? ""}</td>
                    {canWrite ? (
                      <td className={cell}>
                        <Form method="post">
                          <input type="hidden" name="intent" value="replay" />
                          <input type="hidden" name="webhook" value={hook.id} />
                          <input type="hidden" name="delivery" value={d.id} />
                          <button type="submit" className={buttonClass("secondary", "sm")}>
                            {t("partners.webhooks.replay")}
                          </button>
                        </Form>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <LogPager base={base} screen={screen} />
      </Card>
    </section>
  );
}
