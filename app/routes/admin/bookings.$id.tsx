import { AUTO_CONFIRMED_NOTE } from "~/booking/rules/status";
import { getFormProps, parse, useForm } from "@conform-to/react";
import { useTranslation } from "~/i18n/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/bookings.$id";
import { adminSession, requirePermission } from "~/auth/guard.server";
import { useCan } from "~/admin/can";
import { adminLanguage } from "~/admin/i18n.server";
import { translate, translateFields } from "~/i18n/translate.server";
import { problem, type FieldProblems, type Problem } from "~/i18n/problem";
import { changeCode } from "~/booking/rules/booking-changes";
import { conflictProblem, describeConflict, presentChanges } from "~/admin/conflicts.server";
import { bookingDeps } from "~/server/booking-deps.server";
import { presentJobStep } from "~/drivers/job-history.server";
import { useAdminFormat } from "~/admin/i18n";
import { AdminPage, Alert, Card, ConfirmDialog, LinkButton, SelectField, TextareaField, TextField, buttonClass } from "~/admin/ui";
import { staffActor } from "~/audit/audit.server";
import { runBookingAction } from "~/routes/admin/booking-actions.server";
import { BookingDetails, OverrideFields, StatusActions } from "~/admin/ui/booking-view";
import { legStepsOf, listBookingEvents } from "~/booking/index.server";
import { getAdminBookingDetail } from "~/routes/admin/booking-view.server";
import { extrasEditRows, type ExtraEditRow } from "~/booking/rules/booking-products";
import { readExtras } from "~/pricing/pricing.server";
import { extraField, extraName, extraTextField, MAX_EXTRA_TEXT } from "~/booking/rules/extras";
import { getSettings } from "~/settings/settings.server";
import { formatTry, kurus } from "~/utils/money";
import { updateBooking } from "~/booking/index.server";
import { editCode, parseBookingEdit, readBookingEditForm, type ReturnLeg } from "~/booking/rules/admin-edit";
import { MAX_PASSENGERS } from "~/booking/rules/capacity";
import { MAX_ADDRESS } from "~/booking/rules/contact";
import { isPlausibleId } from "~/server/http/ids";
import { InboxTabs } from "~/admin/ui/list";
import { toBusinessParts } from "~/booking/rules/datetime";
import { listCars } from "~/fleet/cars.server";
import { getApp } from "~/server/context";
import { LegAssignmentsCard } from "~/admin/leg-assignment";
import { assignableCars, assignableDrivers, legAssignments, runAssignForm } from "~/admin/leg-assignments.server";
import { occupiesCar } from "~/booking/rules/availability";
import { acknowledgeGuestChange } from "~/booking/index.server";
import { GuestChangeBadge } from "~/admin/ui/guest-change-badge";
import { guestMessageDeps, guestMessagesOf } from "~/notify/guest-messages.server";
import { loadMoneyView, runPaymentForm } from "~/admin/booking-payments.server";
import { PaymentsCard } from "~/admin/booking-payments";
import { LegStepsCard } from "~/admin/leg-steps";
import { LuggageFields } from "~/admin/luggage-fields";
import { flightStateOf } from "~/flights/state.server";
import { FlightStateLine } from "~/flights/flight-state";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, env } = getApp(context);
  const detail = isPlausibleId(params.id) ? await getAdminBookingDetail(db.kysely, params.id) : undefined;
  if (!detail) throw data(null, { status: 404 });
  const { booking, products, category, cars: units, partner } = detail;
  const url = new URL(request.url);
  const [events, { cars }, lng, extras, settings, assignments, drivers, carsToAssign, guestMessages] = await Promise.all([
    listBookingEvents(db.kysely, booking.id),
    listCars(db.kysely),
    adminLanguage(db.kysely),
    readExtras(db.kysely),
    getSettings(db.kysely),
    // each leg's driver, car, job status and job link (issue 15)
    legAssignments(db.kysely, booking.id, { secret: env.SESSION_SECRET, publicUrl: env.PUBLIC_URL }),
    assignableDrivers(db.kysely),
    assignableCars(db.kysely),
    // WhatsApp / SMS to the guest (issue 16): the consent and what was sent
    guestMessagesOf(db.kysely, booking.id),
  ]);
  // the driver's steps with their times and kept positions (issue 31)
  const steps = await legStepsOf(db.kysely, booking.id);
  // the booking's money (issue 30): its ledger and where it stands
  const money = await loadMoneyView(db.kysely, booking.id);
  // the outbound flight as tracked (issue 31; null without a flight provider or an airport pickup)
  const flight = await flightStateOf(db.kysely, booking);
  const pricing = settings.pricing;
  return {
    booking,
    // The service, extras, price lines and currency (issue 14), and what the edit form offers of them.
    view: { products, category, includedKmPerHour: pricing.includedKmPerHour },
    units,
    partner,
    editProducts: { extras: extrasEditRows(products.extras, extras), hours: products.hours, minHours: pricing.hourlyMinHours, maxHours: pricing.hourlyMaxHours },
    // Edits read as "field: old → new" in the admin language, beside the status changes.
    events: events.map((e) => ({ ...e, ...presentChanges(lng, e.changes), job: presentJobStep(lng, e.changes, e.created_at) })),
    cars: cars.map((c) => ({ id: c.id, name: c.name, status: c.status })),
    assignments,
    drivers,
    carsToAssign,
    guestMessages,
    steps,
    money,
    flight,
    editing: url.searchParams.get("edit") === "1",
    saved: url.searchParams.get("saved") === "1",
    // just entered by the office (/admin/bookings/new), inside the visitors' lead time or not
    entered: url.searchParams.get("created") === "1" ? (url.searchParams.get("tooSoon") === "1" ? ("tooSoon" as const) : ("ok" as const)) : null,
    // the server's clock: the status buttons offer what the state machine allows at this moment
    now: new Date().toISOString(),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = adminSession(context);
  const { db, mailer, clientIp } = getApp(context);
  const actor = staffActor(session.user);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const lng = await adminLanguage(db.kysely);
  // a leg's driver and car (issue 15); the customer is mailed when the driver changes
  if (intent === "assign") return runAssignForm(context, form, lng, params.id);
  // Issue 30: money the office received or gave back, with its reason.
  if (intent === "payment") {
    requirePermission(context, "payments.write");
    const { env, log } = getApp(context);
    const result = await runPaymentForm(db.kysely, session, form, lng, params.id, await getSettings(db.kysely), clientIp, { mailer, env, log });
    return result.ok ? result : data(result, { status: 400 });
  }
  // Issue 16: "Gördüm" clears the flag of the guest's own change.
  if (intent === "guestSeen") {
    requirePermission(context, "bookings.write");
    await acknowledgeGuestChange(db.kysely, params.id);
    throw redirect(`/admin/bookings/${params.id}`);
  }
  if (intent === "edit") {
    const read = readBookingEditForm(form);
    if (!read) throw data(null, { status: 400 });
    const { returnLeg } = read;
    // "Çakışmaya rağmen kaydet" with its reason ("Gerekçe"): kept as typed when the save fails.
    const overriding = form.get("override") === "on";
    const reason = String(form.get("override_reason") ?? "").trim();
    const values = { ...read.values, override_reason: reason, ...(overriding ? { override: "on" } : {}) };
    const failed = (p: Problem | null, fields: FieldProblems, conflicts: string | null = null) => ({
      intent: "edit" as const,
      ok: false as const,
      message: p ? translate(lng, p) : null,
      fields: translateFields(lng, fields),
      values,
      returnLeg,
      // the colliding bookings, named again beside the override box (null: no conflict found)
      conflicts,
      conflict: conflicts !== null || overriding,
    });
    // A list intent (the return leg added or removed without JavaScript): the form comes back changed, unsaved.
    if (read.intent) return failed(null, {});
    const parsed = parseBookingEdit(read.input);
    if (!parsed.ok) return failed({ code: editCode("saveFailed") }, parsed.fields);
    // The box ticked without a reason overrides nothing: the save is tried as it is, so a conflict
    // is still named (and the reason asked for), and a car free by now is simply saved.
    const missingReason = overriding && !reason;
    const result = await updateBooking(bookingDeps(context), params.id, parsed.value, { actor, ip: clientIp, overrideReason: overriding && reason ? reason : null, language: lng });
    if (!result.ok) {
      if (result.reason === "not_found") throw data(null, { status: 404 });
      if (result.reason === "unavailable") {
        const named = result.conflicts.map((c) => describeConflict(lng, c)).join("; ");
        return failed(conflictProblem(lng, result.conflicts), missingReason ? { override_reason: [problem(changeCode("reasonRequired"))] } : {}, named);
      }
      return failed(result.problem, result.fields);
    }
    throw redirect(`/admin/bookings/${params.id}?saved=1`);
  }
  form.set("id", params.id);
  // Deleting needs more than the page's write permission (policy.ts: an admin's).
  if (intent === "delete") requirePermission(context, "bookings.delete");
  const result = await runBookingAction(db.kysely, mailer, session, form, lng, clientIp, guestMessageDeps(getApp(context)));
  if (result.ok && result.intent === "delete") throw redirect("/admin/bookings");
  return result;
}

export default function AdminBookingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const may = useCan();
  const format = useAdminFormat();
  const { booking, view, editProducts, events, cars, editing, saved, entered, assignments, drivers, carsToAssign, guestMessages } = loaderData;
  const can = may;
  const assigned = actionData && actionData.intent === "assign" ? actionData : undefined;
  const editFailed = actionData && actionData.intent === "edit" && "values" in actionData ? actionData : undefined;
  const paid = actionData && actionData.intent === "payment" ? actionData : undefined;
  const bookingResult = actionData && !("values" in actionData) && actionData.intent !== "assign" ? actionData : undefined;
  const showEdit = editing || Boolean(editFailed);
  const title = t("bookings.bookingTitle", { reference: booking.reference });
  const statusLabel = (status: string) => t(`status.${status}`);
  // The booking's first event, written by createBooking as "created" (by the customer, or by the office that entered it).
  const created = (e: { from_status: string | null; by_label: string; note: string | null }) => e.from_status === null && e.note === "created";
  return (
    <AdminPage
      title={title}
      description={`${booking.full_name} · ${format.date(booking.pickup_date)}`}
      actions={
        <>
          <LinkButton to="/admin/bookings">{t("bookings.backToList")}</LinkButton>
          {may("bookings.write") ? (
            <>
              <LinkButton to={`/admin/bookings/new?from=${booking.id}&as=return`}>{t("officeBooking.duplicateReturn")}</LinkButton>
              <LinkButton to={`/admin/bookings/new?from=${booking.id}&as=week`}>{t("officeBooking.duplicateWeek")}</LinkButton>
            </>
          ) : null}
          {showEdit ? null : (
            <LinkButton to="?edit=1" variant="primary">
              {t("ui.edit")}
            </LinkButton>
          )}
          {may("bookings.delete") && !loaderData.money?.lines.length ? (
            <ConfirmDialog
              trigger={t("ui.delete")}
              triggerVariant="danger"
              title={t("bookings.deleteTitle")}
              message={t("bookings.messages.deleteConfirm")}
              confirmLabel={t("ui.delete")}
              action={`/admin/bookings/${booking.id}`}
              fields={{ intent: "delete" }}
            />
          ) : null}
        </>
      }
    >
      <title>{`${title} · ${t("shell.brand")}`}</title>
      <InboxTabs current="bookings" />
      {saved ? <Alert tone="success" autoHideMs={4000}>{t("bookingEdit.messages.saved")}</Alert> : null}
      {entered === "ok" ? <Alert tone="success">{t("officeBooking.created")}</Alert> : null}
      {entered === "tooSoon" ? <Alert tone="warning">{t("officeBooking.createdTooSoon")}</Alert> : null}
      {bookingResult ? <Alert tone={bookingResult.ok ? "success" : "error"}>{bookingResult.message}</Alert> : null}
      {assigned ? <Alert tone={assigned.tone}>{assigned.message}</Alert> : null}
      {bookingResult && !bookingResult.ok && bookingResult.override ? (
        <Card title={t("bookingChanges.overrideTitle")}>
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="to" value={bookingResult.override.to} />
            <OverrideFields reason={bookingResult.override.reason} errors={bookingResult.fields?.override_reason} checked />
            <button type="submit" className={buttonClass("primary")}>
              {t("bookingChanges.overrideStatus", { status: statusLabel(bookingResult.override.to) })}
            </button>
          </Form>
        </Card>
      ) : null}
      {editFailed?.message ? <Alert tone="error">{editFailed.message}</Alert> : null}
      {booking.guest_change ? (
        <section aria-label={t(`guestChanges.badge.${booking.guest_change}`)} data-testid="guest-change-flag" className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm admin-dark:border-amber-800 admin-dark:bg-amber-950/40">
          <GuestChangeBadge change={booking.guest_change} />
          <span>{t("guestChanges.flagText", { what: t(`guestChanges.badge.${booking.guest_change}`), at: format.date(booking.guest_changed_at) })}</span>
          {can("bookings.write") ? (
            <Form method="post" className="ml-auto">
              <input type="hidden" name="intent" value="guestSeen" />
              <button type="submit" className={buttonClass("secondary", "sm")}>{t("guestChanges.acknowledge")}</button>
            </Form>
          ) : null}
        </section>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-6">
          {showEdit ? <EditForm booking={booking} cars={cars} products={editProducts} failed={editFailed} /> : null}
          <Card title={t("bookings.detailsTitle")}>
            <BookingDetails booking={booking} view={view} units={loaderData.units} partner={loaderData.partner} />
            {loaderData.flight ? (
              <div className="mt-4 border-t border-slate-200 pt-3 admin-dark:border-slate-700">
                <FlightStateLine state={loaderData.flight} ns="admin" />
              </div>
            ) : null}
          </Card>
          {loaderData.money ? <PaymentsCard bookingId={booking.id} money={loaderData.money} canWrite={may("payments.write")} result={paid} /> : null}
        </div>
        <div className="space-y-6">
          {/* Hidden while the edit form (with its own "Araç" and "Kaydet") is open. */}
          {showEdit ? null : (
            <LegAssignmentsCard
              views={assignments}
              reference={booking.reference}
              pickupAt={booking.pickup_date}
              returnAt={booking.return_date}
              drivers={drivers}
              cars={carsToAssign}
              editable={can("bookings.write")}
              closed={!occupiesCar(booking.status)}
              result={assigned}
            />
          )}
          <Card title={t("ui.status")}>
            <StatusActions booking={booking} action={`/admin/bookings/${booking.id}`} now={loaderData.now} />
          </Card>
          <Card title={t("guestMessages.bookingTitle")}>
            <p className="text-sm">
              {guestMessages.consentAt ? t("guestMessages.consentGiven", { at: format.date(guestMessages.consentAt) }) : t("guestMessages.consentMissing")}
            </p>
            {guestMessages.messages.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600 admin-dark:text-slate-400">{t("guestMessages.none")}</p>
            ) : (
              <ul className="mt-2 space-y-2" data-guest-messages>
                {guestMessages.messages.map((m) => (
                  <li key={m.id} className="text-sm">
                    <span className="font-medium">{t(`guestMessages.channels.${m.channel}`)}</span> · {t(`guestMessages.kinds.${m.kind}`)} ·{" "}
                    <span data-status={m.status}>{t(`guestMessages.status.${m.status}`)}</span>
                    <div className="text-xs text-slate-600 admin-dark:text-slate-400">{format.date(m.at)}</div>
                    {m.error ? <p className="mt-0.5 break-words text-xs text-red-700 admin-dark:text-red-400">{m.error}</p> : null}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <LegStepsCard steps={loaderData.steps} evidence={{ bookingId: booking.id, guestLanguage: ["tr", "en", "de", "ru"].includes(booking.locale) ? booking.locale : "en" }} />
          <Card title={t("bookings.history")}>
            {events.length === 0 ? (
              <p className="text-sm text-slate-600 admin-dark:text-slate-400">{t("bookings.noHistory")}</p>
            ) : (
              <ol className="space-y-3">
                {events.map((e) => (
                  <li key={e.id} className="text-sm">
                    <div className="font-medium">
                      {e.job
                        ? e.job.text
                        : e.from_status === e.to_status && e.changes
                        ? t("bookingChanges.edited")
                        : `${e.from_status ? `${statusLabel(e.from_status)} → ` : ""}${statusLabel(e.to_status)}`}
                    </div>
                    <div className="text-xs text-slate-600 admin-dark:text-slate-400">
                      {format.date(e.created_at)} · {e.by_label === "customer" ? t("bookingChanges.customer") : e.by_label === "system" ? t("bookingChanges.system") : e.by_label}
                    </div>
                    {e.job?.mapHref ? (
                      <a className="mt-1 inline-block underline" href={e.job.mapHref} rel="noreferrer" target="_blank">
                        {e.job.mapLabel}
                      </a>
                    ) : null}
                    {e.lines.length > 0 ? (
                      <ul className="mt-1 space-y-0.5 break-words">
                        {e.lines.map((line, i) => (
                          <li key={i}>
                            <span className="text-slate-600 admin-dark:text-slate-400">{line.label}:</span> {line.from} → {line.to}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    {e.override ? (
                      <p className="mt-1 rounded bg-amber-50 px-2 py-1 text-amber-900 admin-dark:bg-amber-950 admin-dark:text-amber-100">
                        {t("bookingChanges.overridden", { reason: e.override })}
                      </p>
                    ) : null}
                    {created(e) ? <p className="mt-1">{t("bookingChanges.createdNote")}</p> : e.note === AUTO_CONFIRMED_NOTE ? <p className="mt-1" data-testid="auto-confirmed-note">{t("bookingChanges.autoConfirmedNote")}</p> : e.note ? <p className="mt-1 whitespace-pre-line">{e.note}</p> : null}
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </div>
      </div>
    </AdminPage>
  );
}

type EditProducts = { extras: ExtraEditRow[]; hours: number | null; minHours: number; maxHours: number };

function EditForm({
  booking,
  cars,
  products,
  failed,
}: {
  booking: Route.ComponentProps["loaderData"]["booking"];
  cars: Array<{ id: string; name: string; status: string }>;
  products: EditProducts;
  failed?: { fields: Record<string, string[]>; values: Record<string, string>; returnLeg: ReturnLeg | null; conflict: boolean; conflicts: string | null };
}) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const pickup = toBusinessParts(booking.pickup_date);
  const back = booking.return_date ? toBusinessParts(booking.return_date) : { date: "", time: "" };
  const outboundKm = booking.distance_details.outbound?.distance_value ?? (booking.trip_type === "roundTrip" ? booking.total_distance / 2 : booking.total_distance);
  const storedReturn: ReturnLeg | null =
    booking.trip_type === "roundTrip"
      ? {
          date: back.date,
          time: back.time,
          km: String(booking.distance_details.return?.distance_value ?? booking.total_distance / 2),
          pickupAddress: booking.return_pickup_address ?? "",
          dropoffAddress: booking.return_dropoff_address ?? "",
          pickupLocation: booking.return_pickup_location ?? "",
          dropoffLocation: booking.return_dropoff_location ?? "",
        }
      : null;
  const returnLeg = failed ? failed.returnLeg : storedReturn;
  // The return leg is a list of none or one: Conform's insert/remove intents add and drop it, with
  // JavaScript in place, without it through the server (nothing is saved until "Kaydet").
  // A new id (a save sent back) makes Conform reset the form's controls to these values: a select
  // has no default of its own to fall back on, so the car is given here or it would go blank.
  const [form, fields] = useForm<{ car_id: string; return: ReturnLeg[] }>({
    id: `booking-edit-${booking.id}-${failed ? JSON.stringify(failed.returnLeg) : "stored"}`,
    defaultValue: { car_id: failed?.values.car_id ?? booking.car_id ?? "", return: returnLeg ? [returnLeg] : [] },
    onValidate: ({ formData }) => parse(formData, { resolve: (payload) => ({ value: payload as { car_id: string; return: ReturnLeg[] } }) }),
  });
  const returnRows = fields.return.getFieldList();
  /** A field's id, name, label, value (as typed when the save failed) and errors. */
  const field = (name: string, label: string, stored: string | number | null | undefined) => ({
    id: `edit-${name}`,
    name,
    label: t(label.includes(".") ? label : `bookings.fields.${label}`),
    defaultValue: failed?.values[name] ?? (stored === null || stored === undefined ? "" : String(stored)),
    errors: failed?.fields[name],
  });
  const km = { type: "number", min: 0, step: "0.1", inputMode: "decimal" } as const;
  const carOptions = [
    ...(booking.car_id ? [] : [{ value: "", label: t("bookingEdit.chooseCar") }]),
    ...cars.map((c) => ({ value: c.id, label: c.status === "active" ? c.name : t("bookingEdit.inactiveCar", { name: c.name }) })),
  ];
  return (
    <Card title={t("bookingEdit.title")}>
      <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="edit" />
        <TextField {...field("full_name", "fullName", booking.full_name)} required autoComplete="off" />
        <TextField {...field("email", "email", booking.email)} type="email" required />
        <TextField {...field("phone", "phone", booking.phone)} type="tel" required />
        <TextField {...field("flight_number", "flightNumber", booking.flight_number)} />
        <TextField {...field("pickup_date", "pickupDate", pickup.date)} type="date" required />
        <TextField {...field("pickup_time", "pickupTime", pickup.time)} type="time" required />
        <TextField {...field("passengers", "passengers", booking.passengers)} type="number" min={1} max={MAX_PASSENGERS} inputMode="numeric" required />
        <SelectField {...field("car_id", "car", booking.car_id)} options={carOptions} />
        <TextField {...field("pickup_location", "bookingChanges.fields.pickup_location", booking.pickup_location)} required maxLength={200} />
        <TextField {...field("dropoff_location", "bookingChanges.fields.dropoff_location", booking.dropoff_location)} required maxLength={200} />
        <TextField {...field("outbound_km", "outboundKm", outboundKm)} {...km} />
        <TextField {...field("rate_per_km", "bookingChanges.ratePerKm", booking.rate_per_km)} type="number" min={0} step="0.01" inputMode="decimal" />
        <TextField {...field("pickup_address", "pickupAddress", booking.pickup_address)} maxLength={MAX_ADDRESS} />
        <TextField {...field("dropoff_address", "dropoffAddress", booking.dropoff_address)} maxLength={MAX_ADDRESS} />
        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium">{t("bookingEdit.returnLeg")}</legend>
          {returnRows.map((row) => {
            const leg = row.getFieldset();
            const legField = (name: keyof ReturnLeg, label: string, stored: string, error: string = `return_${name}`) => ({
              id: `edit-return-${name}`,
              name: leg[name].name,
              label: t(label.includes(".") ? label : `bookings.fields.${label}`),
              defaultValue: leg[name].initialValue ?? stored,
              errors: failed?.fields[error],
            });
            return (
              <div key={row.key} className="contents">
                <TextField {...legField("date", "returnDate", "")} type="date" required />
                <TextField {...legField("time", "returnTime", "")} type="time" required />
                <TextField {...legField("pickupLocation", "bookingChanges.fields.return_pickup_location", "", "return_pickup_location")} maxLength={200} />
                <TextField {...legField("dropoffLocation", "bookingChanges.fields.return_dropoff_location", "", "return_dropoff_location")} maxLength={200} />
                <TextField {...legField("km", "returnKm", String(outboundKm))} {...km} />
                <TextField {...legField("pickupAddress", "returnPickupAddress", "", "return_pickup_address")} maxLength={MAX_ADDRESS} />
                <TextField {...legField("dropoffAddress", "returnDropoffAddress", "", "return_dropoff_address")} maxLength={MAX_ADDRESS} />
                <div className="flex items-end">
                  <button {...form.remove.getButtonProps({ name: fields.return.name, index: 0 })} className={buttonClass("secondary", "sm")}>
                    {t("bookingEdit.removeReturn")}
                  </button>
                </div>
              </div>
            );
          })}
          {returnRows.length === 0 ? (
            <div className="sm:col-span-2">
              <p className="mb-2 text-sm text-slate-600 admin-dark:text-slate-400">{t("bookingEdit.oneWayNote")}</p>
              <button
                {...form.insert.getButtonProps({
                  name: fields.return.name,
                  // A return added runs back the way the outbound came: from the drop-off's hotel to the pickup's.
                  defaultValue: {
                    date: "",
                    time: "",
                    km: String(outboundKm),
                    pickupAddress: booking.dropoff_address ?? "",
                    dropoffAddress: booking.pickup_address ?? "",
                    pickupLocation: booking.dropoff_location,
                    dropoffLocation: booking.pickup_location,
                  },
                })}
                className={buttonClass("secondary", "sm")}
              >
                {t("bookingEdit.addReturn")}
              </button>
            </div>
          ) : null}
        </fieldset>
        <LuggageFields luggage={booking.luggage} items={booking.luggage_items} failed={failed} />
        <ProductFields products={products} failed={failed} />
        <TextareaField {...field("notes", "notes", booking.notes)} rows={3} maxLength={2000} className="sm:col-span-2" />
        <p className="text-sm text-slate-600 sm:col-span-2 admin-dark:text-slate-400">
          {t("bookingChanges.repriceNote")}
        </p>
        {failed?.conflict ? (
          <OverrideFields reason={failed.values.override_reason ?? ""} errors={failed.fields.override_reason} checked={failed.values.override === "on"} conflicts={failed.conflicts} />
        ) : null}
        <div className="flex gap-2 sm:col-span-2">
          <button type="submit" className={buttonClass("primary")} disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? t("ui.saving") : t("ui.save")}
          </button>
          <Link to="." className={buttonClass("secondary")}>
            {t("ui.discard")}
          </Link>
        </div>
      </Form>
    </Card>
  );
}

/**
 * The extras (every active one and those the booking still has) and an hourly hire's hours: plain
 * fields (`extra.<code>`, `extraText.<code>`, `hours`) that post without JavaScript; `extras_shown`
 * tells the server the list is complete, so an extra set to 0 is removed.
 */
function ProductFields({ products, failed }: { products: EditProducts; failed?: { fields: Record<string, string[]>; values: Record<string, string> } }) {
  const { t, i18n } = useTranslation("admin");
  const typed = (name: string, stored: string | number) => failed?.values[name] ?? (failed ? "" : String(stored));
  const price = (e: ExtraEditRow) => {
    const amount = formatTry(kurus(e.price));
    const text = t(e.pricing === "unit" ? "bookingProducts.unitPrice" : "bookingProducts.bookingPrice", { price: amount });
    return [text, e.booked ? t("bookingProducts.bookedPrice") : null, e.withdrawn ? t("bookingProducts.withdrawn") : null].filter(Boolean).join(" · ");
  };
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2" data-testid="edit-products">
      <legend className="mb-2 text-sm font-medium">{t("bookingProducts.editTitle")}</legend>
      <input type="hidden" name="extras_shown" value="1" />
      {products.hours !== null ? (
        <TextField
          id="edit-hours"
          name="hours"
          label={t("bookingProducts.editHours", { min: products.minHours, max: products.maxHours })}
          defaultValue={typed("hours", products.hours)}
          errors={failed?.fields.hours}
          type="number"
          min={products.minHours}
          max={products.maxHours}
          step={1}
          inputMode="numeric"
        />
      ) : null}
      {products.extras.map((e) => {
        const name = extraName(e.names, i18n.language);
        return (
          <div key={e.code} className="contents">
            <TextField
              id={`edit-extra-${e.code}`}
              name={extraField(e.code)}
              label={t("bookingProducts.quantity", { name, max: e.maxQuantity })}
              help={price(e)}
              defaultValue={failed ? (failed.values[extraField(e.code)] ?? "0") : String(e.quantity)}
              errors={failed?.fields[extraField(e.code)]}
              type="number"
              min={0}
              max={e.maxQuantity}
              step={1}
              inputMode="numeric"
            />
            {e.needsText ? (
              <TextField
                id={`edit-extra-text-${e.code}`}
                name={extraTextField(e.code)}
                label={t("bookingProducts.text", { name })}
                defaultValue={typed(extraTextField(e.code), e.text)}
                errors={failed?.fields[extraTextField(e.code)]}
                maxLength={MAX_EXTRA_TEXT}
              />
            ) : (
              <div aria-hidden="true" className="hidden sm:block" />
            )}
          </div>
        );
      })}
      {failed?.fields.extras ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2 admin-dark:text-red-300">
          {failed.fields.extras.join(" ")}
        </p>
      ) : null}
      <p className="text-sm text-slate-600 sm:col-span-2 admin-dark:text-slate-400">{t("bookingProducts.editNote")}</p>
    </fieldset>
  );
}
