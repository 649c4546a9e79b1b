import { data, redirect } from "react-router";
import type { Route } from "./+types/partners.$id.webhooks";
import { adminLanguage } from "~/admin/i18n.server";
import { useCan } from "~/admin/can";
import { AdminPage, Alert, LinkButton } from "~/admin/ui";
import { adminUser } from "~/auth/guard.server";
import { useTranslation } from "~/i18n/react";
import { getPartner } from "~/partners/partners.server";
import { handleWebhookForm, webhookScreen, type WebhookFormState } from "~/partners/webhook-admin.server";
import { DeliveryLog, SecretNotice, WebhookAddForm, WebhookList } from "~/partners/webhooks-view";
import { getApp } from "~/server/context";
import { isPlausibleId } from "~/server/http/ids";
import { outgoingPolicy } from "~/server/http/outgoing-url.server";

const DONE = new Set(["enabled", "disabled", "deleted", "replayed"]);
const EMPTY_FORM: WebhookFormState = { values: { url: "https://", description: "", events: ["booking.created", "booking.changed", "booking.cancelled"] }, fields: {} };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const partner = isPlausibleId(params.id) ? await getPartner(db.kysely, params.id) : undefined;
  if (!partner) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  return { partner: { id: partner.id, name: partner.name }, screen: await webhookScreen(db.kysely, partner.id, url), done: done && DONE.has(done) ? done : null };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, env } = getApp(context);
  if (!isPlausibleId(params.id) || !(await getPartner(db.kysely, params.id))) throw data(null, { status: 404 });
  const user = adminUser(context);
  const outcome = await handleWebhookForm(db.kysely, request, {
    partnerId: params.id,
    lng: await adminLanguage(db.kysely),
    actor: { id: user.id, label: user.name || user.email },
    policy: outgoingPolicy(env),
  });
  if ("redirect" in outcome) throw redirect(outcome.redirect);
  if ("notFound" in outcome) throw data(null, { status: 404 });
  if ("created" in outcome) return data({ secret: { ...outcome.created, created: true }, form: null }, { status: outcome.status });
  if ("secret" in outcome) return data({ secret: { id: outcome.secret.id, url: outcome.secret.url, secret: outcome.secret.value, created: false }, form: null }, { status: outcome.status });
  return data({ secret: null, form: outcome.form }, { status: outcome.status });
}

export default function PartnerWebhooksPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const can = useCan();
  const { partner, screen, done } = loaderData;
  const base = `/admin/partners/${partner.id}/webhooks`;
  const canWrite = can("partners.write");
  const title = t("partners.webhooks.title", { name: partner.name });
  const secret = actionData?.secret ?? null;
  return (
    <AdminPage title={title} description={t("partners.webhooks.description")} actions={<LinkButton to={`/admin/partners/${partner.id}`}>{t("partners.webhooks.backToPartner")}</LinkButton>}>
      <title>{`${title} · ${t("shell.brand")}`}</title>
      {done ? <Alert tone="success">{t(`partners.webhooks.done.${done}`)}</Alert> : null}
      {secret ? <SecretNotice url={secret.url} secret={secret.secret} created={secret.created} /> : null}
      <WebhookList base={base} screen={screen} canWrite={canWrite} />
      <DeliveryLog base={base} screen={screen} canWrite={canWrite} />
      {canWrite ? <WebhookAddForm key={JSON.stringify(actionData?.form ?? null)} state={actionData?.form ?? EMPTY_FORM} /> : null}
    </AdminPage>
  );
}
