/**
 * Partners' webhooks (issue 33), managed: every function takes the partner's id and touches only
 * that partner's webhooks and deliveries, so the office's pages, the API and the partner's own
 * portal share them. A webhook's URL passes the outgoing-address check (outgoing-url.server.ts)
 * when it is saved, and again at every delivery. Its secret (`whsec_…`) is given when it is made
 * and on demand; every change, reveal and replay is in the audit log, under the partner.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { recordAudit, type AuditActor } from "~/audit/audit.server";
import { problem, type FieldProblems, type Problem } from "~/i18n/problem";
import { fromBool, nowIso, toBool } from "~/server/db/convert";
import type { Database, PartnerWebhookDeliveryRow, PartnerWebhookRow, WebhookDeliveryStatus } from "~/server/db/schema";
import { checkOutgoingUrl, type OutgoingPolicy, type OutgoingRefusal, type Resolver } from "~/server/http/outgoing-url.server";
import { MAX_WEBHOOKS_PER_PARTNER, parseWebhook, storedEvents, WEBHOOKS, type WebhookEvent, type WebhookInput, type WebhookValues } from "./webhook-events";
import { getPartner } from "./partners.server";
import { wakeWebhooks } from "./webhook-queue.server";

export const WEBHOOK_SECRET_PREFIX = "whsec_";
export const DELIVERIES_PAGE_SIZE = 25;

export interface WebhookDelivery {
  id: string;
  webhookId: string;
  bookingId: string | null;
  event: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  lastDurationMs: number | null;
  deliveredAt: string | null;
  createdAt: string;
  /** the delivery this one replays */
  replayOf: string | null;
}

/** A webhook as lists show it: never its secret. */
export interface PartnerWebhook {
  id: string;
  partnerId: string;
  url: string;
  description: string;
  events: WebhookEvent[];
  active: boolean;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  disabledAt: string | null;
  /** its newest delivery, null before the first */
  lastDelivery: WebhookDelivery | null;
}

const deliveryFromRow = (r: PartnerWebhookDeliveryRow): WebhookDelivery => ({
  id: r.id,
  webhookId: r.webhook_id,
  bookingId: r.booking_id,
  event: r.event,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: r.status === "pending" ? r.next_attempt_at : null,
  lastStatusCode: r.last_status_code,
  lastError: r.last_error,
  lastDurationMs: r.last_duration_ms,
  deliveredAt: r.delivered_at,
  createdAt: r.created_at,
  replayOf: r.replay_of,
});

const hookFromRow = (r: PartnerWebhookRow, lastDelivery: WebhookDelivery | null): PartnerWebhook => ({
  id: r.id,
  partnerId: r.partner_id,
  url: r.url,
  description: r.description,
  events: storedEvents(r.events),
  active: toBool(r.active),
  createdBy: r.created_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  disabledAt: r.disabled_at,
  lastDelivery,
});

const valuesOf = (w: PartnerWebhook): WebhookValues => ({ url: w.url, events: w.events, description: w.description, active: w.active });

const REFUSALS: Record<OutgoingRefusal, Problem["code"]> = {
  invalid: WEBHOOKS.urlInvalid,
  scheme: WEBHOOKS.urlScheme,
  https_required: WEBHOOKS.urlHttps,
  credentials: WEBHOOKS.urlCredentials,
  blocked_address: WEBHOOKS.urlBlocked,
  unresolvable: WEBHOOKS.urlUnresolvable,
};

/** The URL's problem by the outgoing-address policy (scheme, https, private addresses); none: {}. */
export async function webhookUrlProblems(url: string, policy: OutgoingPolicy, resolve?: Resolver): Promise<FieldProblems> {
  const checked = await checkOutgoingUrl(url, policy, resolve);
  return checked.ok ? {} : { url: [problem(REFUSALS[checked.reason])] };
}

export type WebhookSaveResult = { ok: true; webhook: PartnerWebhook } | { ok: false; reason: "not_found" } | { ok: false; reason: "invalid"; fields: FieldProblems };

/** What a write needs beyond the input: who, and the address policy (and, in tests, a DNS). */
export interface WebhookWriteContext {
  actor: AuditActor | null;
  policy: OutgoingPolicy;
  resolve?: Resolver;
}

async function hookRow(db: Kysely<Database>, partnerId: string, webhookId: string): Promise<PartnerWebhookRow | undefined> {
  return db.selectFrom("partner_webhooks").selectAll().where("id", "=", webhookId).where("partner_id", "=", partnerId).where("deleted_at", "is", null).executeTakeFirst();
}

async function lastDeliveryOf(db: Kysely<Database>, webhookId: string): Promise<WebhookDelivery | null> {
  const row = await db.selectFrom("partner_webhook_deliveries").selectAll().where("webhook_id", "=", webhookId).orderBy("created_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
  return row ? deliveryFromRow(row) : null;
}

/** One of the partner's webhooks (not a deleted one), with its newest delivery. */
export async function getPartnerWebhook(db: Kysely<Database>, partnerId: string, webhookId: string): Promise<PartnerWebhook | undefined> {
  const row = await hookRow(db, partnerId, webhookId);
  return row && hookFromRow(row, await lastDeliveryOf(db, row.id));
}

/** The partner's webhooks, oldest first, each with its newest delivery. */
export async function listPartnerWebhooks(db: Kysely<Database>, partnerId: string): Promise<PartnerWebhook[]> {
  const rows = await db.selectFrom("partner_webhooks").selectAll().where("partner_id", "=", partnerId).where("deleted_at", "is", null).orderBy("created_at").orderBy("id").execute();
  return Promise.all(rows.map(async (row) => hookFromRow(row, await lastDeliveryOf(db, row.id))));
}

/** A new webhook for the partner; its secret is answered this once (and later by `webhookSecret`). */
export async function createPartnerWebhook(
  db: Kysely<Database>,
  partnerId: string,
  input: WebhookInput,
  ctx: WebhookWriteContext,
): Promise<{ ok: true; webhook: PartnerWebhook; secret: string } | Exclude<WebhookSaveResult, { ok: true }>> {
  const partner = await getPartner(db, partnerId);
  if (!partner) return { ok: false, reason: "not_found" };
  const parsed = parseWebhook(input);
  if (!parsed.ok) return { ok: false, reason: "invalid", fields: parsed.fields };
  const v = parsed.value;
  const urlProblems = await webhookUrlProblems(v.url, ctx.policy, ctx.resolve);
  if (Object.keys(urlProblems).length > 0) return { ok: false, reason: "invalid", fields: urlProblems };
  const count = await db.selectFrom("partner_webhooks").select((eb) => eb.fn.countAll<string>().as("n")).where("partner_id", "=", partnerId).where("deleted_at", "is", null).executeTakeFirst();
  if (Number(count?.n ?? 0) >= MAX_WEBHOOKS_PER_PARTNER) return { ok: false, reason: "invalid", fields: { url: [problem(WEBHOOKS.tooMany, { max: MAX_WEBHOOKS_PER_PARTNER })] } };
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString("base64url")}`;
  const at = nowIso();
  const row: PartnerWebhookRow = {
    id: randomUUID(),
    partner_id: partnerId,
    url: v.url,
    description: v.description,
    events: JSON.stringify(v.events),
    secret,
    active: fromBool(v.active),
    created_by: ctx.actor?.label ?? "",
    created_at: at,
    updated_at: at,
    disabled_at: v.active ? null : at,
    deleted_at: null,
  };
  await db.insertInto("partner_webhooks").values(row).execute();
  await recordAudit(db, { actor: ctx.actor, action: "partner.webhook.create", entity: "partner", entityId: partnerId, summary: `${partner.name}: ${v.url}`, details: { webhookId: row.id, events: v.events } });
  return { ok: true, webhook: hookFromRow(row, null), secret };
}

/** Changes a webhook's URL, events, description or whether it is on; fields not given keep their value. */
export async function updatePartnerWebhook(db: Kysely<Database>, partnerId: string, webhookId: string, input: WebhookInput, ctx: WebhookWriteContext): Promise<WebhookSaveResult> {
  const before = await getPartnerWebhook(db, partnerId, webhookId);
  if (!before) return { ok: false, reason: "not_found" };
  const parsed = parseWebhook(input, valuesOf(before));
  if (!parsed.ok) return { ok: false, reason: "invalid", fields: parsed.fields };
  const v = parsed.value;
  if (v.url !== before.url) {
    const urlProblems = await webhookUrlProblems(v.url, ctx.policy, ctx.resolve);
    if (Object.keys(urlProblems).length > 0) return { ok: false, reason: "invalid", fields: urlProblems };
  }
  const at = nowIso();
  await db
    .updateTable("partner_webhooks")
    .set({
      url: v.url,
      description: v.description,
      events: JSON.stringify(v.events),
      active: fromBool(v.active),
      updated_at: at,
      disabled_at: v.active ? null : (before.disabledAt ?? at),
    })
    .where("id", "=", webhookId)
    .where("partner_id", "=", partnerId)
    .execute();
  const changed = Object.fromEntries(
    (["url", "events", "description", "active"] as const).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(v[k])).map((k) => [k, [before[k], v[k]]]),
  );
  await recordAudit(db, { actor: ctx.actor, action: "partner.webhook.update", entity: "partner", entityId: partnerId, summary: v.url, details: { webhookId, changed } });
  return { ok: true, webhook: (await getPartnerWebhook(db, partnerId, webhookId))! };
}

/**
 * Deletes a webhook: it leaves the lists and hears nothing more; deliveries still waiting are
 * failed by the worker. Its row and log stay (the audit log and the deliveries point at it).
 */
export async function deletePartnerWebhook(db: Kysely<Database>, partnerId: string, webhookId: string, actor: AuditActor | null): Promise<PartnerWebhook | undefined> {
  const before = await getPartnerWebhook(db, partnerId, webhookId);
  if (!before) return undefined;
  const at = nowIso();
  await db.updateTable("partner_webhooks").set({ deleted_at: at, active: 0, disabled_at: before.disabledAt ?? at, updated_at: at }).where("id", "=", webhookId).execute();
  await recordAudit(db, { actor, action: "partner.webhook.delete", entity: "partner", entityId: partnerId, summary: before.url, details: { webhookId } });
  return { ...before, active: false, disabledAt: before.disabledAt ?? at, updatedAt: at };
}

/** The webhook's signing secret, for whoever manages it (audited: who saw it, when). */
export async function webhookSecret(db: Kysely<Database>, partnerId: string, webhookId: string, actor: AuditActor | null): Promise<string | undefined> {
  const row = await hookRow(db, partnerId, webhookId);
  if (!row) return undefined;
  await recordAudit(db, { actor, action: "partner.webhook.secret", entity: "partner", entityId: partnerId, summary: row.url, details: { webhookId } });
  return row.secret;
}

export interface DeliveryPage {
  deliveries: WebhookDelivery[];
  total: number;
  page: number;
  pageSize: number;
}

/** A webhook's deliveries, newest first, a page at a time, of one status when given; undefined for another partner's webhook. */
export async function listWebhookDeliveries(
  db: Kysely<Database>,
  partnerId: string,
  webhookId: string,
  options: { status?: WebhookDeliveryStatus; page?: number; pageSize?: number } = {},
): Promise<DeliveryPage | undefined> {
  if (!(await hookRow(db, partnerId, webhookId))) return undefined;
  const pageSize = Math.min(Math.max(Math.trunc(options.pageSize ?? DELIVERIES_PAGE_SIZE), 1), 100);
  let query = db.selectFrom("partner_webhook_deliveries").where("webhook_id", "=", webhookId).where("partner_id", "=", partnerId);
  if (options.status) query = query.where("status", "=", options.status);
  const total = Number((await query.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst())?.n ?? 0);
  const last = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(Math.trunc(options.page ?? 1), 1), last);
  const rows = await query
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { deliveries: rows.map(deliveryFromRow), total, page, pageSize };
}

/**
 * Sends a delivery again: a NEW delivery with the same body (the same event id inside), due now;
 * the original stays as it was. Undefined when the delivery is not this webhook's or the partner's.
 */
export async function replayWebhookDelivery(
  db: Kysely<Database>,
  partnerId: string,
  webhookId: string,
  deliveryId: string,
  actor: AuditActor | null,
  now = new Date(),
): Promise<WebhookDelivery | undefined> {
  if (!(await hookRow(db, partnerId, webhookId))) return undefined;
  const original = await db.selectFrom("partner_webhook_deliveries").selectAll().where("id", "=", deliveryId).where("webhook_id", "=", webhookId).where("partner_id", "=", partnerId).executeTakeFirst();
  if (!original) return undefined;
  const root = original.replay_of ?? original.id;
  const at = now.toISOString();
  for (let tries = 0; tries < 5; tries++) {
    const replays = await db.selectFrom("partner_webhook_deliveries").select((eb) => eb.fn.countAll<string>().as("n")).where("replay_of", "=", root).executeTakeFirst();
    const row = {
      id: randomUUID(),
      webhook_id: webhookId,
      partner_id: partnerId,
      booking_id: original.booking_id,
      event_id: `replay:${root}:${Number(replays?.n ?? 0) + 1}`,
      event: original.event,
      payload: original.payload,
      replay_of: root,
      next_attempt_at: at,
      created_at: at,
    };
    // two replays at once: the second takes the next number
    const written = await db
      .insertInto("partner_webhook_deliveries")
      .values(row)
      .onConflict((oc) => oc.columns(["webhook_id", "event_id"]).doNothing())
      .executeTakeFirst();
    if (Number(written.numInsertedOrUpdatedRows ?? 0) === 0) continue;
    await recordAudit(db, { actor, action: "partner.webhook.replay", entity: "partner", entityId: partnerId, summary: `${original.event} (${original.id})`, details: { webhookId, deliveryId, replayId: row.id } });
    wakeWebhooks();
    const stored = await db.selectFrom("partner_webhook_deliveries").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    return deliveryFromRow(stored);
  }
  throw new Error("the replay could not be queued");
}
