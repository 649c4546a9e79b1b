/**
 * /admin/customers/{id} — one guest (issue 29): contacts, language, notes for drivers and the
 * marketing consent (editable), their bookings with totals, "Yeni rezervasyon" for them, and for
 * admins the KVKK export (JSON, CSV) and erasure (their bookings keep the trip, not the person;
 * both in the audit log). Plain forms without JavaScript.
 */
import { Form, Link, redirect, data } from "react-router";
import type { Route } from "./+types/customers.$id";
import { useTranslation } from "~/i18n/react";
import { useAdminFormat } from "~/admin/i18n";
import { useCan } from "~/admin/can";
import { adminLanguage, adminText } from "~/admin/i18n.server";
import { AdminPage, Alert, Card, Checkbox, LinkButton, SelectField, TextareaField, TextField, buttonClass } from "~/admin/ui";
import { BookingStatusBadge } from "~/admin/ui/list";
import { adminUser, requirePermission } from "~/auth/guard.server";
import { eraseCustomer, getCustomer, updateCustomer } from "~/booking/index.server";
import { LANGUAGES, isLanguage } from "~/i18n/config";
import { getApp } from "~/server/context";
import { formatTry, kurus } from "~/utils/money";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const detail = await getCustomer(db.kysely, params.id);
  if (!detail) throw data(null, { status: 404 });
  const url = new URL(request.url);
  return { ...detail, flash: url.searchParams.get("saved") === "1" ? ("saved" as const) : url.searchParams.get("erased") === "1" ? ("erased" as const) : null };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, clientIp } = getApp(context);
  const lng = await adminLanguage(db.kysely);
  const user = adminUser(context);
  const actor = { id: user.id, label: user.name || user.email };
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "erase") {
    requirePermission(context, "customers.privacy");
    if (form.get("confirm") !== "on") return { ok: false as const, intent, message: adminText(lng, "customers.eraseConfirmRequired") };
    const erased = await eraseCustomer(db.kysely, params.id, actor, { ip: clientIp, reason: String(form.get("reason") ?? "").trim().slice(0, 300) || undefined });
    if (!erased.ok) return { ok: false as const, intent, message: adminText(lng, "customers.notFound") };
    throw redirect(`/admin/customers/${params.id}?erased=1`);
  }
  const language = String(form.get("language") ?? "");
  const notes = String(form.get("notes") ?? "");
  if (!isLanguage(language) || notes.length > 1000) return { ok: false as const, intent: "update", message: adminText(lng, "customers.saveInvalid") };
  const saved = await updateCustomer(db.kysely, params.id, { notes, language, marketingConsent: form.get("marketing_consent") === "on" }, actor, clientIp);
  if (!saved) return { ok: false as const, intent: "update", message: adminText(lng, "customers.notFound") };
  throw redirect(`/admin/customers/${params.id}?saved=1`);
}

export default function CustomerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const can = useCan();
  const { customer, bookings, totals, flash } = loaderData;
  const erased = Boolean(customer.anonymised_at);
  const title = erased ? t("customers.erasedTitle") : customer.full_name;
  const row = "grid gap-1 py-2 sm:grid-cols-3 sm:gap-4";
  return (
    <AdminPage
      title={title}
      description={erased ? t("customers.erasedNote", { date: format.date(customer.anonymised_at!) }) : t("customers.pageDescription")}
      actions={
        <>
          <LinkButton to="/admin/customers">{t("customers.backToList")}</LinkButton>
          {!erased && can("bookings.write") ? (
            <LinkButton to={`/admin/bookings/new?customer=${customer.id}`} variant="primary">
              {t("officeBooking.new")}
            </LinkButton>
          ) : null}
        </>
      }
    >
      <title>{`${title} · ${t("shell.brand")}`}</title>
      {flash === "saved" ? <Alert tone="success">{t("customers.saved")}</Alert> : null}
      {flash === "erased" ? <Alert tone="success">{t("customers.erased")}</Alert> : null}
      {actionData && !actionData.ok ? <Alert tone="error">{actionData.message}</Alert> : null}

      <div className="grid gap-6 xl:grid-cols-2">
        <Card title={t("customers.contact")}>
          <dl className="divide-y divide-slate-200 text-sm admin-dark:divide-slate-800">
            <div className={row}>
              <dt className="text-slate-600 admin-dark:text-slate-400">{t("bookings.fields.phone")}</dt>
              <dd className="sm:col-span-2">{customer.phone ? <a href={`tel:${customer.phone.replace(/[^+\d]/g, "")}`} className="inline-block min-h-6 leading-6 underline">{customer.phone}</a> : "—"}</dd>
            </div>
            <div className={row}>
              <dt className="text-slate-600 admin-dark:text-slate-400">{t("bookings.fields.email")}</dt>
              <dd className="sm:col-span-2 [overflow-wrap:anywhere]">{customer.email ? <a href={`mailto:${customer.email}`} className="inline-block min-h-6 leading-6 underline">{customer.email}</a> : "—"}</dd>
            </div>
            <div className={row}>
              <dt className="text-slate-600 admin-dark:text-slate-400">{t("customers.since")}</dt>
              <dd className="sm:col-span-2">{format.date(customer.created_at)}</dd>
            </div>
          </dl>
        </Card>
        <Card title={t("customers.totals")}>
          <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3" data-testid="customer-totals">
            <div>
              <dt className="text-slate-600 admin-dark:text-slate-400">{t("customers.trips")}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{format.number(totals.trips)}</dd>
            </div>
            <div>
              <dt className="text-slate-600 admin-dark:text-slate-400">{t("customers.spent")}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{formatTry(kurus(totals.spent))}</dd>
            </div>
            <div>
              <dt className="text-slate-600 admin-dark:text-slate-400">{t("customers.cancelled")}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{format.number(totals.cancelled)}</dd>
            </div>
            <div className="col-span-2 sm:col-span-3">
              <dt className="text-slate-600 admin-dark:text-slate-400">{t("customers.tripsBetween")}</dt>
              <dd>{totals.firstTrip && totals.lastTrip ? `${format.date(totals.firstTrip)} – ${format.date(totals.lastTrip)}` : "—"}</dd>
            </div>
          </dl>
        </Card>
      </div>

      {erased ? null : (
        <Card title={t("customers.forDrivers")}>
          <Form method="post" className="grid gap-4 sm:grid-cols-2">
            <input type="hidden" name="intent" value="update" />
            <TextareaField id="customer-notes" name="notes" label={t("customers.notes")} help={t("customers.notesHelp")} defaultValue={customer.notes} maxLength={1000} rows={3} className="sm:col-span-2" />
            <SelectField id="customer-language" name="language" label={t("officeBooking.fields.language")} defaultValue={customer.language} options={LANGUAGES.map((l) => ({ value: l, label: t(`officeBooking.languages.${l}`) }))} />
            <Checkbox id="customer-consent" name="marketing_consent" label={t("customers.marketingConsent")} help={customer.marketing_consent_at ? t("customers.consentSince", { date: format.date(customer.marketing_consent_at) }) : undefined} defaultChecked={Boolean(customer.marketing_consent_at)} />
            <div className="sm:col-span-2">
              <button type="submit" className={buttonClass("primary")}>
                {t("ui.save")}
              </button>
            </div>
          </Form>
        </Card>
      )}

      <Card title={t("customers.bookings", { count: bookings.length })} bodyClassName="p-0">
        {bookings.length === 0 ? (
          <p className="p-5 text-sm text-slate-600 admin-dark:text-slate-400">{t("customers.noBookings")}</p>
        ) : (
          <ul className="divide-y divide-slate-200 admin-dark:divide-slate-800" data-testid="customer-bookings">
            {bookings.map((b) => (
              <li key={b.id} className="grid gap-1 px-5 py-3 text-sm sm:grid-cols-[8rem_1fr_auto_auto] sm:items-center sm:gap-4">
                <Link to={`/admin/bookings/${b.id}`} className="inline-block min-h-6 font-mono text-xs leading-6 text-brand-strong hover:underline admin-dark:text-brand">
                  {b.reference}
                </Link>
                <span className="[overflow-wrap:anywhere]">
                  <span className="tabular-nums">{format.date(b.pickup_date)}</span> · {b.pickup_location} → {b.dropoff_location}
                  <span className="block text-xs text-slate-600 admin-dark:text-slate-400">{t(`channels.${b.channel}`)}</span>
                </span>
                <BookingStatusBadge status={b.status} />
                <span className="font-semibold tabular-nums sm:text-right">{formatTry(kurus(b.total_price))}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      {!erased && can("customers.privacy") ? (
        <Card title={t("customers.privacy")}>
          <p className="text-sm text-slate-600 admin-dark:text-slate-400">{t("customers.privacyHelp")}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <a href={`/admin/customers/${customer.id}/export?format=json`} className={buttonClass("secondary")} download>
              {t("customers.exportJson")}
            </a>
            <a href={`/admin/customers/${customer.id}/export?format=csv`} className={buttonClass("secondary")} download>
              {t("customers.exportCsv")}
            </a>
          </div>
          <Form method="post" className="mt-6 space-y-3 border-t border-slate-200 pt-4 admin-dark:border-slate-800">
            <input type="hidden" name="intent" value="erase" />
            <TextField id="customer-erase-reason" name="reason" label={t("customers.eraseReason")} maxLength={300} className="max-w-md" />
            <Checkbox id="customer-erase-confirm" name="confirm" label={t("customers.eraseConfirm", { count: bookings.length })} />
            <button type="submit" className={buttonClass("danger")}>
              {t("customers.erase")}
            </button>
          </Form>
        </Card>
      ) : null}
    </AdminPage>
  );
}
