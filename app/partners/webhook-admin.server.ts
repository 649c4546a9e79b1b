/**
 * The office's webhook screen of a partner (/admin/partners/{id}/webhooks, issue 33): what it
 * shows (the partner's webhooks and one webhook's delivery log, filtered and paged by the URL) and
 * what its forms post (add, switch on or off, delete, show the secret, replay a delivery). Every
 * write goes through webhooks.server.ts, the API's path too; problems come back translated into
 * the admin language with everything typed kept.
 */
import type { Kysely } from "kysely";
import type { AdminLanguage } from "~/admin/i18n.server";
import type { AuditActor } from "~/audit/audit.server";
import { problem } from "~/i18n/problem";
import { translate, translateFields } from "~/i18n/translate.server";
import { WEBHOOK_DELIVERY_STATUSES, type Database, type WebhookDeliveryStatus } from "~/server/db/schema";
import type { OutgoingPolicy } from "~/server/http/outgoing-url.server";
import { isPlausibleId } from "~/server/http/ids";
import { parsePage } from "~/utils/paging";
import { WEBHOOKS, type WebhookEvent } from "./webhook-events";
import {
  createPartnerWebhook,
  deletePartnerWebhook,
  listPartnerWebhooks,
  listWebhookDeliveries,
  replayWebhookDelivery,
  updatePartnerWebhook,
  webhookSecret,
  type DeliveryPage,
  type PartnerWebhook,
} from "./webhooks.server";

export interface WebhookScreen {
  webhooks: PartnerWebhook[];
  /** the webhook whose log is shown (the one in `?webhook=`, else the first) */
  selected: string | null;
  status: WebhookDeliveryStatus | null;
  log: DeliveryPage | null;
}

const isStatus = (v: string | null): v is WebhookDeliveryStatus => v !== null && (WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(v);

/** The screen's data for the URL's `?webhook=&status=&page=`. */
export async function webhookScreen(db: Kysely<Database>, partnerId: string, url: URL): Promise<WebhookScreen> {
  const webhooks = await listPartnerWebhooks(db, partnerId);
  const asked = url.searchParams.get("webhook");
  const selected = webhooks.find((w) => w.id === asked)?.id ?? webhooks[0]?.id ?? null;
  const statusParam = url.searchParams.get("status");
  const status = isStatus(statusParam) ? statusParam : null;
  const log = selected ? ((await listWebhookDeliveries(db, partnerId, selected, { status: status ?? undefined, page: parsePage(url.searchParams.get("page")) })) ?? null) : null;
  return { webhooks, selected, status, log };
}

/** The add form as typed, with its problems in the admin language. */
export interface WebhookFormState {
  values: { url: string; description: string; events: WebhookEvent[] };
  fields: Record<string, string[]>;
  message?: string;
}

export type WebhookActionOutcome =
  /** done: back to the screen (PRG), with a notice code for the page to say */
  | { redirect: string }
  /** a new webhook, its secret shown this once */
  | { created: { id: string; url: string; secret: string }; status: 201 }
  /** the secret asked for */
  | { secret: { id: string; url: string; value: string }; status: 200 }
  | { form: WebhookFormState; status: number }
  | { notFound: true };

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** Handles one of the screen's forms (`intent`: create, toggle, delete, secret, replay). */
export async function handleWebhookForm(
  db: Kysely<Database>,
  request: Request,
  ctx: { partnerId: string; lng: AdminLanguage; actor: AuditActor; policy: OutgoingPolicy },
): Promise<WebhookActionOutcome> {
  const base = `/admin/partners/${ctx.partnerId}/webhooks`;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { form: { values: { url: "", description: "", events: [] }, fields: {}, message: translate(ctx.lng, problem(WEBHOOKS.saveFailed)) }, status: 400 };
  }
  const intent = text(form, "intent");
  const webhookId = text(form, "webhook");
  const known = (id: string) => isPlausibleId(id);
  switch (intent) {
    case "create": {
      const values = { url: text(form, "url").trim(), description: text(form, "description"), events: form.getAll("events").filter((e): e is WebhookEvent => typeof e === "string") as WebhookEvent[] };
      const made = await createPartnerWebhook(db, ctx.partnerId, values, { actor: ctx.actor, policy: ctx.policy });
      if (made.ok) return { created: { id: made.webhook.id, url: made.webhook.url, secret: made.secret }, status: 201 };
      if (made.reason === "not_found") return { notFound: true };
      return { form: { values, fields: translateFields(ctx.lng, made.fields), message: translate(ctx.lng, problem(WEBHOOKS.saveFailed)) }, status: 400 };
    }
    case "toggle": {
      if (!known(webhookId)) return { notFound: true };
      const saved = await updatePartnerWebhook(db, ctx.partnerId, webhookId, { active: text(form, "active") === "1" }, { actor: ctx.actor, policy: ctx.policy });
      return saved.ok ? { redirect: `${base}?webhook=${webhookId}&done=${saved.webhook.active ? "enabled" : "disabled"}` } : { notFound: true };
    }
    case "delete": {
      if (!known(webhookId)) return { notFound: true };
      return (await deletePartnerWebhook(db, ctx.partnerId, webhookId, ctx.actor)) ? { redirect: `${base}?done=deleted` } : { notFound: true };
    }
    case "secret": {
      if (!known(webhookId)) return { notFound: true };
      const secret = await webhookSecret(db, ctx.partnerId, webhookId, ctx.actor);
      const hook = secret ? (await listPartnerWebhooks(db, ctx.partnerId)).find((w) => w.id === webhookId) : undefined;
      return secret && hook ? { secret: { id: webhookId, url: hook.url, value: secret }, status: 200 } : { notFound: true };
    }
    case "replay": {
      const deliveryId = text(form, "delivery");
      if (!known(webhookId) || !known(deliveryId)) return { notFound: true };
      const replayed = await replayWebhookDelivery(db, ctx.partnerId, webhookId, deliveryId, ctx.actor);
      return replayed ? { redirect: `${base}?webhook=${webhookId}&done=replayed` } : { notFound: true };
    }
    default:
      return { form: { values: { url: "", description: "", events: [] }, fields: {}, message: translate(ctx.lng, problem(WEBHOOKS.saveFailed)) }, status: 400 };
  }
}
