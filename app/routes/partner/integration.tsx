/**
 * The partner's integration in the portal (issue 33): its API keys (made here, shown once, revoked
 * at once) and its webhooks (a URL and the events it hears; its signing secret shown once; the
 * latest deliveries, each sent again on demand). The same functions as the office's pages and the
 * API, always scoped to the signed-in user's partner.
 */
import { data, Form } from "react-router";
import type { Route } from "./+types/integration";
import { staffActor } from "~/audit/audit.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/resources";
import { getInstance, getLanguage } from "~/i18n/i18next.server";
import { translate } from "~/i18n/translate.server";
import { formatDeadline } from "~/booking/rules/date-text";
import { createPartnerApiKey, keyName, listPartnerApiKeys, revokePartnerApiKey } from "~/partners/api-keys.server";
import { partnerLinks } from "~/partners/partner-links.server";
import { requirePortal } from "~/partners/portal.server";
import { baseUrlOf } from "~/admin/open-page.server";
import { portalButton, portalCard, PortalFrame, portalInput, portalMeta, PortalNotice, portalSecondaryButton } from "~/partners/portal-view";
import { WEBHOOK_EVENTS } from "~/partners/webhook-events";
import { webhookWriteContext } from "~/partners/webhooks-api.server";
import { createPartnerWebhook, deletePartnerWebhook, listPartnerWebhooks, listWebhookDeliveries, replayWebhookDelivery } from "~/partners/webhooks.server";
import { getApp } from "~/server/context";

export const handle: I18nHandle = { i18n: ["portal"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, partner } = await requirePortal(request, context);
  const db = getApp(context).db.kysely;
  const lng = getLanguage(context);
  const [keys, hooks] = await Promise.all([listPartnerApiKeys(db, partner.id), listPartnerWebhooks(db, partner.id)]);
  const when = (at: string | null) => (at ? formatDeadline(at, lng) : null);
  const deliveries = await Promise.all(hooks.map((h) => listWebhookDeliveries(db, partner.id, h.id, { pageSize: 5 })));
  return {
    links: partnerLinks(baseUrlOf(request, getApp(context).env.PUBLIC_URL), partner.code, lng),
    title: getInstance(context).getFixedT(null, "portal")("integration.title"),
    partner: partner.name,
    user: session.user.name || session.user.email,
    keys: keys.map((k) => ({ id: k.id, name: k.name, prefix: k.prefix, createdAt: when(k.createdAt), lastUsedAt: when(k.lastUsedAt), revoked: k.revokedAt !== null })),
    hooks: hooks.map((h, i) => ({
      id: h.id,
      url: h.url,
      events: h.events,
      active: h.active,
      deliveries: (deliveries[i]?.deliveries ?? []).map((d) => ({ id: d.id, event: d.event, status: d.status, code: d.lastStatusCode, ms: d.lastDurationMs, attempts: d.attempts, at: when(d.createdAt) })),
    })),
  };
}

type Outcome = { ok: true; notice: string; secret?: string; key?: string } | { ok: false; error: string; values?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const { session, partner } = await requirePortal(request, context);
  const app = getApp(context);
  const db = app.db.kysely;
  const lng = getLanguage(context);
  const t = getInstance(context).getFixedT(null, "portal");
  const actor = staffActor(session.user);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const reply = (outcome: Outcome, status = 200) => data(outcome, { status });
  switch (text("intent")) {
    case "createKey": {
      const name = keyName(form.get("name"));
      if (!name) return reply({ ok: false, error: t("integration.keys.nameRequired"), values: { name: text("name") } }, 400);
      const made = await createPartnerApiKey(db, partner.id, name, actor);
      return made ? reply({ ok: true, notice: t("integration.keys.created"), key: made.key }) : reply({ ok: false, error: t("integration.notFound") }, 404);
    }
    case "revokeKey": {
      const revoked = await revokePartnerApiKey(db, partner.id, text("id"), actor);
      return revoked ? reply({ ok: true, notice: t("integration.keys.revoked") }) : reply({ ok: false, error: t("integration.notFound") }, 404);
    }
    case "createHook": {
      const made = await createPartnerWebhook(db, partner.id, { url: text("url"), events: form.getAll("events").map(String), description: "", active: true }, webhookWriteContext(app, actor));
      if (made.ok) return reply({ ok: true, notice: t("integration.hooks.created"), secret: made.secret });
      const first = made.reason === "invalid" ? Object.values(made.fields)[0]?.[0] : undefined;
      return reply({ ok: false, error: first ? translate(lng, first) : t("integration.notFound"), values: { url: text("url") } }, made.reason === "invalid" ? 400 : 404);
    }
    case "deleteHook": {
      const gone = await deletePartnerWebhook(db, partner.id, text("id"), actor);
      return gone ? reply({ ok: true, notice: t("integration.hooks.deleted") }) : reply({ ok: false, error: t("integration.notFound") }, 404);
    }
    case "replay": {
      const again = await replayWebhookDelivery(db, partner.id, text("hook"), text("id"), actor);
      return again ? reply({ ok: true, notice: t("integration.hooks.replayed") }) : reply({ ok: false, error: t("integration.notFound") }, 404);
    }
    default:
      return reply({ ok: false, error: t("integration.unknown") }, 400);
  }
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return portalMeta(data?.title, matches, location);
}

export default function PartnerIntegration({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("portal");
  const outcome = actionData as Outcome | undefined;
  const values = outcome && !outcome.ok ? (outcome.values ?? {}) : {};
  return (
    <PortalFrame partner={d.partner} user={d.user} current="integration" title={t("integration.title")}>
      <div className="space-y-3">
        {outcome?.ok ? <PortalNotice tone="success">{outcome.notice}</PortalNotice> : null}
        {outcome && !outcome.ok ? <PortalNotice tone="error">{outcome.error}</PortalNotice> : null}
        {outcome?.ok && (outcome.key || outcome.secret) ? (
          <div className={portalCard}>
            <p className="text-sm font-semibold text-slate-900 dark:text-white">{t(outcome.key ? "integration.keys.showOnce" : "integration.hooks.secretOnce")}</p>
            <code className="mt-2 block break-all rounded-lg bg-slate-100 p-3 font-mono text-sm text-slate-900 select-all dark:bg-slate-800 dark:text-slate-100" data-testid="shown-once">
              {outcome.key ?? outcome.secret}
            </code>
          </div>
        ) : null}
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="portal-keys" className={portalCard}>
          <h2 id="portal-keys" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("integration.keys.title")}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("integration.keys.lead")}</p>
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="createKey" />
            <div className="min-w-[12rem] flex-1">
              <label htmlFor="key-name" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
                {t("integration.keys.name")}
              </label>
              <input id="key-name" name="name" maxLength={60} required defaultValue={values.name ?? ""} className={`${portalInput} mt-1`} />
            </div>
            <button type="submit" className={portalButton}>
              {t("integration.keys.create")}
            </button>
          </Form>
          {d.keys.length === 0 ? (
            <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{t("integration.keys.none")}</p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-100 text-sm dark:divide-slate-800">
              {d.keys.map((k) => (
                <li key={k.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0">
                    <span className="font-semibold text-slate-900 dark:text-white">{k.name}</span> <code className="font-mono text-xs">{k.prefix}…</code>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {k.revoked ? t("integration.keys.revokedState") : t("integration.keys.lastUsed", { at: k.lastUsedAt ?? t("integration.never") })}
                    </span>
                  </span>
                  {k.revoked ? null : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="revokeKey" />
                      <input type="hidden" name="id" value={k.id} />
                      <button type="submit" className={portalSecondaryButton}>
                        {t("integration.keys.revoke")}
                      </button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="portal-hooks" className={portalCard}>
          <h2 id="portal-hooks" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("integration.hooks.title")}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("integration.hooks.lead")}</p>
          <Form method="post" className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="createHook" />
            <div>
              <label htmlFor="hook-url" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
                {t("integration.hooks.url")}
              </label>
              <input id="hook-url" name="url" type="url" inputMode="url" required placeholder="https://" defaultValue={values.url ?? ""} className={`${portalInput} mt-1`} />
            </div>
            <fieldset>
              <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t("integration.hooks.events")}</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {WEBHOOK_EVENTS.map((event) => (
                  <label key={event} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-100">
                    <input type="checkbox" name="events" value={event} defaultChecked className="h-4 w-4" /> <code className="font-mono text-xs">{event}</code>
                  </label>
                ))}
              </div>
            </fieldset>
            <button type="submit" className={portalButton}>
              {t("integration.hooks.create")}
            </button>
          </Form>
          {d.hooks.length === 0 ? (
            <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{t("integration.hooks.none")}</p>
          ) : (
            <ul className="mt-4 space-y-4 text-sm">
              {d.hooks.map((h) => (
                <li key={h.id} className="rounded-xl border border-slate-200 p-3 dark:border-slate-800">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <code className="min-w-0 font-mono text-xs break-all">{h.url}</code>
                    <Form method="post">
                      <input type="hidden" name="intent" value="deleteHook" />
                      <input type="hidden" name="id" value={h.id} />
                      <button type="submit" className={portalSecondaryButton}>
                        {t("integration.hooks.delete")}
                      </button>
                    </Form>
                  </div>
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{h.events.join(", ")}</p>
                  {h.deliveries.length === 0 ? (
                    <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t("integration.hooks.noDeliveries")}</p>
                  ) : (
                    <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
                      {h.deliveries.map((x) => (
                        <li key={x.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
                          <span className="text-xs">
                            {x.at} · <code>{x.event}</code> · {t(`integration.hooks.status.${x.status}`)}
                            {x.code ? ` · HTTP ${x.code}` : ""}
                            {x.ms !== null ? ` · ${x.ms} ms` : ""} · {t("integration.hooks.attempts", { count: x.attempts })}
                          </span>
                          <Form method="post">
                            <input type="hidden" name="intent" value="replay" />
                            <input type="hidden" name="hook" value={h.id} />
                            <input type="hidden" name="id" value={x.id} />
                            <button type="submit" className="text-xs font-semibold text-amber-700 underline dark:text-amber-300">
                              {t("integration.hooks.replay")}
                            </button>
                          </Form>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section aria-labelledby="portal-links" className={`${portalCard} mt-6`}>
        <h2 id="portal-links" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("integration.links.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("integration.links.lead")}</p>
        <label htmlFor="portal-link" className="mt-3 block text-sm font-medium text-slate-800 dark:text-slate-200">
          {t("integration.links.link")}
        </label>
        <input id="portal-link" readOnly value={d.links.link} className={`${portalInput} mt-1 font-mono text-xs`} />
        <label htmlFor="portal-embed" className="mt-4 block text-sm font-medium text-slate-800 dark:text-slate-200">
          {t("integration.links.embed")}
        </label>
        <textarea id="portal-embed" readOnly rows={8} value={d.links.embed} className={`${portalInput} mt-1 font-mono text-xs`} />
      </section>
    </PortalFrame>
  );
}
