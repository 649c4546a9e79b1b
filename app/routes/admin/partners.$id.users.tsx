/**
 * A partner's portal users and links (issue 33): admins invite the hotel desk's or agency's staff
 * by e-mail (the staff invitation, in the partner's language, opening /partner/welcome), switch
 * them off and on, and send a new link; everyone who may read partners sees the partner's link and
 * the small search form it can put on its own site (`?partner=CODE`, attributing the bookings).
 */
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/partners.$id.users";
import { useAdminFormat } from "~/admin/i18n";
import { adminLanguage } from "~/admin/i18n.server";
import { useCan } from "~/admin/can";
import { baseUrlOf } from "~/admin/open-page.server";
import { AdminPage, Alert, Card, ConfirmDialog, LinkButton, TextField, buttonClass } from "~/admin/ui";
import { staffActor } from "~/audit/audit.server";
import { adminCan, adminUser } from "~/auth/guard.server";
import { useTranslation } from "~/i18n/react";
import { translate } from "~/i18n/translate.server";
import { partnerLinks } from "~/partners/partner-links.server";
import { getPartner } from "~/partners/partners.server";
import { getApp } from "~/server/context";
import { isPlausibleId } from "~/server/http/ids";
import { createStaff, deactivateStaff, listStaff, reactivateStaff, resendInvite } from "~/users/users.server";

/** What a successful post says after its redirect (PRG: a reload posts nothing again). */
const DONE = new Set(["invite", "deactivate", "activate", "resend"]);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, env } = getApp(context);
  const partner = isPlausibleId(params.id) ? await getPartner(db.kysely, params.id) : undefined;
  if (!partner) throw data(null, { status: 404 });
  const users = await listStaff(db.kysely, new Date(), partner.id);
  const done = new URL(request.url).searchParams.get("done");
  const notice = done && DONE.has(done) ? translate(await adminLanguage(db.kysely), { code: `admin:partners.users.done.${done}` }) : null;
  return { partner, users, notice, links: partnerLinks(baseUrlOf(request, env.PUBLIC_URL), partner.code, partner.language) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, env, mailer, clientIp } = getApp(context);
  const lng = await adminLanguage(db.kysely);
  const partner = isPlausibleId(params.id) ? await getPartner(db.kysely, params.id) : undefined;
  if (!partner) throw data(null, { status: 404 });
  if (!adminCan(context, "partners.write")) throw data(null, { status: 403 });
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  const ctx = { actor: staffActor(adminUser(context)), ip: clientIp, mailer, baseUrl: baseUrlOf(request, env.PUBLIC_URL), partnerId: partner.id };
  const intent = text("intent");
  const id = text("id");
  const result =
    intent === "invite"
      ? await createStaff(db.kysely, { name: text("name"), email: text("email"), phone: text("phone") }, ctx)
      : intent === "deactivate"
        ? await deactivateStaff(db.kysely, id, ctx)
        : intent === "activate"
          ? await reactivateStaff(db.kysely, id, ctx)
          : intent === "resend"
            ? await resendInvite(db.kysely, id, ctx)
            : null;
  if (!result) return data({ ok: false as const, message: translate(lng, { code: "admin:partners.users.unknown" }), values: {}, fields: {} }, { status: 400 });
  if (!result.ok) {
    const fields = Object.fromEntries(Object.entries(result.fields).map(([k, list]) => [k, list.map((p) => translate(lng, p))]));
    return data({ ok: false as const, message: translate(lng, result.problem), values: { name: text("name"), email: text("email"), phone: text("phone") }, fields }, { status: result.status });
  }
  throw redirect(`/admin/partners/${partner.id}/users?done=${intent}`);
}

export default function PartnerUsersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const can = useCan();
  const { partner, users, links } = loaderData;
  const title = t("partners.users.title", { name: partner.name });
  const failed = actionData ?? null;
  const fieldErrors = (name: string) => (failed?.fields as Record<string, string[]> | undefined)?.[name];
  return (
    <AdminPage title={title} actions={<LinkButton to={`/admin/partners/${partner.id}`}>{t("partners.users.back")}</LinkButton>}>
      <title>{`${title} · ${t("shell.brand")}`}</title>
      {actionData ? <Alert tone="error">{actionData.message}</Alert> : loaderData.notice ? <Alert tone="success">{loaderData.notice}</Alert> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t("partners.users.listTitle")}>
          {users.length === 0 ? (
            <p className="text-sm text-slate-600 admin-dark:text-slate-300">{t("partners.users.none")}</p>
          ) : (
            <ul className="divide-y divide-slate-200 text-sm admin-dark:divide-slate-800" data-testid="partner-users">
              {users.map((u) => (
                <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0">
                    <span className="block font-medium">{u.name || u.email}</span>
                    <span className="block [overflow-wrap:anywhere] text-slate-600 admin-dark:text-slate-400">{u.email}</span>
                    <span className="block text-xs text-slate-500 admin-dark:text-slate-400">
                      {!u.active ? t("partners.users.inactive") : u.invitePending ? t("partners.users.invited") : u.lastLoginAt ? t("partners.users.lastLogin", { at: format.date(u.lastLoginAt) }) : t("partners.users.neverSignedIn")}
                    </span>
                  </span>
                  {can("partners.write") ? (
                    <span className="flex gap-2">
                      {u.active && !u.lastLoginAt ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="resend" />
                          <input type="hidden" name="id" value={u.id} />
                          <button type="submit" className={buttonClass("secondary", "sm")}>{t("partners.users.resend")}</button>
                        </Form>
                      ) : null}
                      {u.active ? (
                        <ConfirmDialog trigger={t("partners.users.deactivate")} title={t("partners.users.deactivate")} message={t("partners.users.deactivateConfirm", { email: u.email })} confirmLabel={t("partners.users.deactivate")} action={`/admin/partners/${partner.id}/users`} fields={{ intent: "deactivate", id: u.id }} />
                      ) : (
                        <Form method="post">
                          <input type="hidden" name="intent" value="activate" />
                          <input type="hidden" name="id" value={u.id} />
                          <button type="submit" className={buttonClass("secondary", "sm")}>{t("partners.users.activate")}</button>
                        </Form>
                      )}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {can("partners.write") ? (
            <Form method="post" className="mt-6 space-y-3 border-t border-slate-200 pt-4 admin-dark:border-slate-800">
              <h3 className="font-semibold">{t("partners.users.inviteTitle")}</h3>
              <input type="hidden" name="intent" value="invite" />
              <TextField label={t("partners.users.name")} name="name" required maxLength={120} defaultValue={(failed?.values as Record<string, string> | undefined)?.name ?? ""} errors={fieldErrors("name")} />
              <TextField label={t("partners.users.email")} name="email" type="email" required defaultValue={(failed?.values as Record<string, string> | undefined)?.email ?? ""} errors={fieldErrors("email")} />
              <TextField label={t("partners.users.phone")} name="phone" type="tel" defaultValue={(failed?.values as Record<string, string> | undefined)?.phone ?? ""} errors={fieldErrors("phone")} />
              <p className="text-xs text-slate-600 admin-dark:text-slate-400">{t("partners.users.inviteHint", { language: t(`partners.languages.${partner.language}`) })}</p>
              <button type="submit" className={buttonClass("primary")}>{t("partners.users.invite")}</button>
            </Form>
          ) : null}
        </Card>
        <Card title={t("partners.links.title")}>
          <p className="text-sm text-slate-600 admin-dark:text-slate-300">{t("partners.links.lead")}</p>
          <label className="mt-3 block text-sm font-medium" htmlFor="partner-link">{t("partners.links.link")}</label>
          <input id="partner-link" readOnly value={links.link} className="mt-1 block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs admin-dark:border-slate-700 admin-dark:bg-slate-900" />
          <label className="mt-4 block text-sm font-medium" htmlFor="partner-embed">{t("partners.links.embed")}</label>
          <textarea id="partner-embed" readOnly rows={10} value={links.embed} className="mt-1 block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs admin-dark:border-slate-700 admin-dark:bg-slate-900" />
          <p className="mt-2 text-xs text-slate-600 admin-dark:text-slate-400">{t("partners.links.embedHint")}</p>
        </Card>
      </div>
    </AdminPage>
  );
}
