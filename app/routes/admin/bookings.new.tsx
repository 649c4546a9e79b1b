/**
 * /admin/bookings/new — the office enters a booking it took by phone, WhatsApp, e-mail or at the
 * desk (issue 29). The fields are the API's (snake_case, `bookingPayloadSchema` and
 * `officeEntrySchema`), so the form and POST /api/bookings share one schema and one command
 * (`createBooking` with the office's part). "Fiyatı göster" shows the site's quote itemised (and a
 * taken car) without booking; "Rezervasyonu kaydet" books. Everything typed comes back with the
 * problems; without JavaScript it is two plain posts. `?from=<id>&as=return|week` fills it from a
 * booking: the way back for the same guest, or the same trip a week later. `?quote=<id>` fills it
 * from a quote request (issue 29): the office prices the trip here and "Teklifi gönder" sends the
 * guest the offer (`offerQuote`, the same checks and price) instead of booking it.
 */
import { LUGGAGE_KINDS, luggageItemList, MAX_LUGGAGE_ITEM, storedLuggageItems } from "~/booking/rules/capacity";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/bookings.new";
import { useTranslation } from "~/i18n/react";
import { adminSession } from "~/auth/guard.server";
import { adminLanguage } from "~/admin/i18n.server";
import { AdminPage, Alert, Card, Checkbox, LinkButton, SelectField, TextareaField, TextField, buttonClass } from "~/admin/ui";
import { PriceLinesTable } from "~/admin/ui/booking-view";
import { describeConflict } from "~/admin/conflicts.server";
import { createBooking, getBooking, getCustomer, getQuoteRequest, listCustomers, officeActor, previewOfficeBooking } from "~/booking/index.server";
import { MAX_OFFER_NOTE } from "~/booking/rules/quote-request";
import { readOfficeOffer } from "~/routes/api/quote-offer.server";
import { quoteDeps } from "~/server/booking-deps.server";
import { OFFICE_CHANNELS } from "~/booking/rules/channel";
import { officeEntryOf, officeEntrySchema } from "~/booking/rules/office-entry";
import { addDays } from "~/booking/rules/worklist";
import { toBusinessParts } from "~/booking/rules/datetime";
import { extraField, extraName, extraTextField, type ExtraChoice } from "~/booking/rules/extras";
import { MAX_LUGGAGE, MAX_PASSENGERS } from "~/booking/rules/search";
import { MAX_ADDRESS } from "~/booking/rules/contact";
import { bookingPayloadSchema, renameFields, requestFromPayload } from "~/routes/api/booking-payload.server";
import { bookingDeps } from "~/server/booking-deps.server";
import { getApp } from "~/server/context";
import { listCars } from "~/fleet/cars.server";
import { readPricing } from "~/pricing/pricing.server";
import { LANGUAGES, isLanguage } from "~/i18n/config";
import { translate, translateFields } from "~/i18n/translate.server";
import { problem, zodProblems, type FieldProblems } from "~/i18n/problem";
import { formatTry, kurus, kurusToLira } from "~/utils/money";
import { bookingOutcome } from "~/server/metrics.server";

/** Every field the form sends back as typed (the API's names, the dates and times apart). */
const TEXT_FIELDS = [
  "channel",
  "trip_type",
  "pickup_location",
  "pickup_address",
  "dropoff_location",
  "dropoff_address",
  "pickup_day",
  "pickup_time",
  "return_pickup_location",
  "return_pickup_address",
  "return_dropoff_location",
  "return_dropoff_address",
  "return_day",
  "return_time",
  "hours",
  "passengers",
  "luggage",
  // issue 32: special luggage by kind
  ...LUGGAGE_KINDS,
  "car_id",
  "full_name",
  "phone",
  "email",
  "language",
  "flight_number",
  "notes",
  "price_override",
  "override_reason",
  // an offer on a quote request: which request, and the office's words to the guest
  "quote_request",
  "note",
] as const;
type Values = Record<(typeof TEXT_FIELDS)[number], string> & { notify_guest: boolean; confirm: boolean; messaging_consent: boolean; extras: Record<string, { quantity: string; text: string }> };

const EMPTY: Values = {
  ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, ""])) as Record<(typeof TEXT_FIELDS)[number], string>),
  channel: "phone",
  trip_type: "oneWay",
  passengers: "2",
  language: "tr",
  notify_guest: true,
  confirm: true,
  messaging_consent: false,
  extras: {},
};

/** The API's field names of a problem → the form's (a date-time is typed as a day and a time). */
const FORM_FIELD: Record<string, string> = { pickup_date: "pickup_day", return_date: "return_day", extras: "extras" };
const formField = (field: string) => FORM_FIELD[field] ?? (field.startsWith("extras.") ? field.replace(/^extras\.([^.]+)(\.text)?$/, (_, code: string, text?: string) => (text ? extraTextField(code) : extraField(code))) : field);

function valuesOf(form: FormData): Values {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const extras: Values["extras"] = {};
  for (const name of new Set(form.keys())) {
    if (!name.startsWith("extra.")) continue;
    const code = name.slice("extra.".length);
    extras[code] = { quantity: text(name), text: text(extraTextField(code)) };
  }
  return {
    ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, text(f)])) as Record<(typeof TEXT_FIELDS)[number], string>),
    notify_guest: form.get("notify_guest") === "on",
    confirm: form.get("confirm") === "on",
    messaging_consent: form.get("messaging_consent") === "on",
    extras,
  };
}

/** A day and a time typed in Istanbul → the API's date-time text (+03:00 all year); as typed when either is missing. */
const dateTime = (day: string, time: string) => (day && time ? `${day}T${time}:00+03:00` : day || time ? `${day}T${time}` : "");

/** The form as the API's body: the same schemas read it. A round trip's return defaults to the way back. */
function payloadOf(v: Values) {
  const round = v.trip_type === "roundTrip";
  const choices: ExtraChoice[] = Object.entries(v.extras)
    .filter(([, e]) => e.quantity !== "" && e.quantity !== "0")
    .map(([code, e]) => ({ code, quantity: e.quantity === "on" ? 1 : /^\d{1,3}$/.test(e.quantity) ? Number(e.quantity) : Number.NaN, text: e.text || null }));
  return {
    trip_type: v.trip_type,
    pickup_location: v.pickup_location,
    pickup_address: v.pickup_address || null,
    dropoff_location: v.dropoff_location,
    dropoff_address: v.dropoff_address || null,
    pickup_date: dateTime(v.pickup_day, v.pickup_time),
    ...(round
      ? {
          return_pickup_location: v.return_pickup_location || v.dropoff_location,
          return_pickup_address: v.return_pickup_address || (v.return_pickup_location ? null : v.dropoff_address || null),
          return_dropoff_location: v.return_dropoff_location || v.pickup_location,
          return_dropoff_address: v.return_dropoff_address || (v.return_dropoff_location ? null : v.pickup_address || null),
          return_date: dateTime(v.return_day, v.return_time),
        }
      : {}),
    hours: v.trip_type === "hourly" ? v.hours : undefined,
    passengers: v.passengers,
    luggage: v.luggage || null,
    luggage_items: Object.fromEntries(LUGGAGE_KINDS.filter((kind) => v[kind] !== "" && v[kind] !== "0").map((kind) => [kind, v[kind]])),
    car_id: v.car_id,
    full_name: v.full_name,
    email: v.email,
    phone: v.phone,
    notes: v.notes || null,
    flight_number: v.flight_number || null,
    messaging_consent: v.messaging_consent,
    extras: choices,
    channel: v.channel || undefined,
    price_override: v.price_override || undefined,
    override_reason: v.override_reason || undefined,
    notify_guest: v.notify_guest,
    confirm: v.confirm,
  };
}

/** The form filled from a quote request: the trip as asked (the office fixes what the site could not read), the guest, their message as the notes. */
async function fromQuoteRequest(db: Parameters<typeof getBooking>[0], id: string): Promise<Values | null> {
  const detail = await getQuoteRequest(db, id);
  if (!detail || (detail.request.status !== "open" && detail.request.status !== "offered")) return null;
  const r = detail.request;
  const at = toBusinessParts(r.pickup_at);
  const back = r.return_at ? toBusinessParts(r.return_at) : null;
  return {
    ...EMPTY,
    channel: EMPTY.channel,
    trip_type: r.trip_type,
    pickup_location: r.pickup,
    dropoff_location: r.dropoff,
    pickup_day: at.date,
    pickup_time: at.time,
    ...(back ? { return_day: back.date, return_time: back.time } : {}),
    hours: r.hours === null ? "" : String(r.hours),
    passengers: String(Math.min(r.passengers, MAX_PASSENGERS)),
    luggage: r.luggage === null ? "" : String(Math.min(r.luggage, MAX_LUGGAGE)),
    // the special luggage asked for (issue 32): the offer, and the booking it becomes, carry it
    ...Object.fromEntries(luggageItemList(storedLuggageItems(r.luggage_items)).map(({ kind, count }) => [kind, String(count)])),
    car_id: detail.offer?.request.carId ?? "",
    full_name: r.full_name,
    phone: r.phone,
    email: r.email,
    language: isLanguage(r.language) ? r.language : "tr",
    notes: r.message,
    note: r.offer_note ?? "",
    quote_request: r.id,
  };
}

/** The form filled from a booking: the way back for the same guest, or the same trip a week later. */
async function prefill(db: Parameters<typeof getBooking>[0], params: URLSearchParams): Promise<Values> {
  const quoteId = params.get("quote");
  if (quoteId) return (await fromQuoteRequest(db, quoteId)) ?? EMPTY;
  const customerId = params.get("customer");
  if (customerId) {
    const known = await getCustomer(db, customerId);
    if (!known || known.customer.anonymised_at) return EMPTY;
    const c = known.customer;
    // the guest's notes for drivers go with the booking (the office may edit them here)
    return { ...EMPTY, full_name: c.full_name, phone: c.phone, email: c.email, language: isLanguage(c.language) ? c.language : "tr", notes: c.notes };
  }
  const id = params.get("from");
  const as = params.get("as");
  if (!id || !/^[\w-]{1,64}$/.test(id)) return EMPTY;
  const b = await getBooking(db, id);
  if (!b) return EMPTY;
  const guest = { full_name: b.full_name, phone: b.phone, email: b.email, language: isLanguage(b.locale) ? b.locale : "tr", notes: b.notes, car_id: b.car_id ?? "", passengers: String(b.passengers), luggage: b.luggage === null ? "" : String(b.luggage), channel: EMPTY.channel };
  // the special luggage travels with the guest (the pram comes back too)
  const items = Object.fromEntries(luggageItemList(storedLuggageItems(b.luggage_items)).map(({ kind, count }) => [kind, String(count)]));
  const at = toBusinessParts(b.pickup_date);
  if (as === "return") {
    return { ...EMPTY, ...guest, ...items, pickup_location: b.dropoff_location, pickup_address: b.dropoff_address ?? "", dropoff_location: b.pickup_location, dropoff_address: b.pickup_address ?? "" };
  }
  return {
    ...EMPTY,
    ...guest,
    ...items,
    trip_type: b.trip_type,
    pickup_location: b.pickup_location,
    pickup_address: b.pickup_address ?? "",
    dropoff_location: b.dropoff_location,
    dropoff_address: b.dropoff_address ?? "",
    pickup_day: as === "week" ? addDays(at.date, 7) : "",
    pickup_time: at.time,
    ...(b.trip_type === "roundTrip" && b.return_date ? { return_day: as === "week" ? addDays(toBusinessParts(b.return_date).date, 7) : "", return_time: toBusinessParts(b.return_date).time } : {}),
    flight_number: b.flight_number ?? "",
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const params = new URL(request.url).searchParams;
  const guestQuery = (params.get("guest") ?? "").trim().slice(0, 100);
  const [{ cars }, tables, values, guests] = await Promise.all([
    listCars(db.kysely, { status: "active" }),
    readPricing(db.kysely),
    prefill(db.kysely, params),
    guestQuery ? listCustomers(db.kysely, guestQuery, 1, 6) : null,
  ]);
  const quote = values.quote_request ? await getQuoteRequest(db.kysely, values.quote_request) : undefined;
  return {
    /** the quote request this form answers with an offer */
    quote: quote ? { id: quote.request.id, reference: quote.request.reference, passengers: quote.request.passengers, reasons: quote.reasons } : null,
    guestQuery,
    guests: guests ? guests.customers.map((c) => ({ id: c.id, name: c.full_name, phone: c.phone, email: c.email, lastTrip: c.last_trip_at })) : null,
    cars: cars.map((c) => ({ id: c.id, name: c.name, seats: c.seats, luggage: c.luggage })),
    extras: tables.extras.filter((e) => e.active).map((e) => ({ code: e.code, names: e.names, price: e.price, pricing: e.pricing, maxQuantity: e.maxQuantity, needsText: e.needsText })),
    hours: { min: tables.settings.hourlyMinHours, max: tables.settings.hourlyMaxHours },
    values,
  };
}

type Quote = { lines: Array<{ kind: string } & Record<string, unknown>>; total: number; quoted: number; warnings: string[]; conflicts: string[]; category: string; hours: number | null };

export async function action({ request, context }: Route.ActionArgs) {
  const session = adminSession(context);
  const app = getApp(context);
  const lng = await adminLanguage(app.db.kysely);
  const form = await request.formData();
  const intent = form.get("intent") === "quote" ? "quote" : form.get("intent") === "offer" ? "offer" : "create";
  const values = valuesOf(form);
  const body = payloadOf(values);
  const parsed = bookingPayloadSchema.safeParse(body);
  const entry = officeEntrySchema.safeParse(body);
  const failed = (fields: FieldProblems, message?: string) => ({
    values,
    fields: Object.fromEntries(Object.entries(translateFields(lng, fields)).map(([f, list]) => [formField(f), list])),
    message: message ?? translate(lng, problem("admin:officeBooking.errors.summary")),
    quote: null as Quote | null,
  });
  if (!parsed.success || !entry.success) {
    return failed({
      ...(parsed.success ? {} : zodProblems(parsed.error.issues, { namespace: "booking", fallback: "booking:errors.invalid" })),
      ...(entry.success ? {} : zodProblems(entry.error.issues, { namespace: "admin", fallback: "admin:officeBooking.errors.invalid" })),
    });
  }
  if (intent === "offer") {
    const offer = readOfficeOffer({ ...body, note: values.note }, values.language);
    if (!offer.ok) return failed(offer.fields);
    const sent = await offer.send(quoteDeps(context), values.quote_request, session.user, app.clientIp);
    if (!sent.ok && sent.refused) return failed({}, translate(lng, problem(sent.refused === "gone" ? "admin:quotes.errors.notFound" : "admin:quotes.errors.notOpen")));
    if (!sent.ok && sent.conflicts?.length) return failed({}, translate(lng, problem("admin:officeBooking.errors.carTaken", { conflicts: sent.conflicts.map((c) => describeConflict(lng, c)).join("; ") })));
    if (!sent.ok) return failed(renameFields(sent.fields));
    throw redirect(`/admin/quote-requests/${values.quote_request}?offered=1`);
  }
  const office = { entry: officeEntryOf(entry.data), actor: officeActor(session.user), ip: app.clientIp };
  const locale = isLanguage(values.language) ? values.language : "tr";
  const deps = bookingDeps(context);
  const bookingRequest = requestFromPayload(parsed.data);

  if (intent === "quote") {
    const preview = await previewOfficeBooking(deps, bookingRequest, { locale, office });
    if (!preview.ok) return failed(renameFields(preview.fields));
    const quote: Quote = {
      lines: preview.price.lines.map((l) => ({ ...l })),
      total: preview.price.total,
      quoted: preview.quoted,
      // the office's own words for the visitors' "too soon" (which tells a visitor to call the office)
      warnings: preview.warnings.map((w) => translate(lng, w.code === "booking:errors.tooSoon" ? problem("admin:officeBooking.tooSoonWarning", { hours: w.params?.hours ?? "" }) : w)),
      conflicts: preview.conflicts.map((c) => describeConflict(lng, c)),
      category: preview.category,
      hours: bookingRequest.tripType === "hourly" ? (bookingRequest.hours ?? null) : null,
    };
    return { values, fields: {} as Record<string, string[]>, message: null, quote };
  }

  const result = await createBooking(deps, bookingRequest, { locale, clientIp: app.clientIp, channel: office.entry.channel, office });
  app.metrics?.booking(bookingOutcome(result));
  if (!result.ok) {
    const conflicts = result.conflicts?.length ? result.conflicts.map((c) => describeConflict(lng, c)).join("; ") : null;
    return failed(renameFields(result.fields), conflicts ? translate(lng, problem("admin:officeBooking.errors.carTaken", { conflicts })) : undefined);
  }
  const params = new URLSearchParams({ created: "1" });
  if (result.warnings.some((w) => w.code === "booking:errors.tooSoon")) params.set("tooSoon", "1");
  throw redirect(`/admin/bookings/${result.booking.id}?${params}`);
}


export default function NewBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { cars, extras, hours } = loaderData;
  const v = actionData?.values ?? loaderData.values;
  const errors = (actionData?.fields ?? {}) as Record<string, string[]>;
  const quote = actionData?.quote ?? null;
  // A new key when the server answers: the uncontrolled fields take what it sent back.
  const key = JSON.stringify(v).length + (actionData ? 1 : 0);
  const f = (name: keyof Values & string, label: string) => ({ id: `new-${name}`, name, label: t(label), defaultValue: String(v[name] ?? ""), errors: errors[name] });
  const section = "grid gap-4 sm:grid-cols-2";
  const quoteRequest = loaderData.quote;
  const title = quoteRequest ? t("quotes.offerTitle", { reference: quoteRequest.reference }) : t("officeBooking.title");
  return (
    <AdminPage
      title={title}
      description={quoteRequest ? t("quotes.offerDescription") : t("officeBooking.description")}
      actions={
        quoteRequest ? (
          <LinkButton to={`/admin/quote-requests/${quoteRequest.id}`} variant="secondary">
            {t("quotes.backToRequest")}
          </LinkButton>
        ) : (
          <LinkButton to="/admin/bookings" variant="secondary">{t("officeBooking.backToList")}</LinkButton>
        )
      }
    >
      <title>{`${title} · ${t("shell.brand")}`}</title>
      {actionData?.message ? <Alert tone="error">{actionData.message}</Alert> : null}
      {quoteRequest && quoteRequest.passengers > MAX_PASSENGERS ? <Alert tone="warning">{t("quotes.groupTooLarge", { count: quoteRequest.passengers, max: MAX_PASSENGERS })}</Alert> : null}
      {quoteRequest ? null : (
      <Card title={t("officeBooking.findGuest")}>
        <Form method="get" role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <TextField id="new-guest-search" name="guest" type="search" label={t("officeBooking.findGuestLabel")} defaultValue={loaderData.guestQuery} placeholder={t("customers.searchPlaceholder")} className="sm:w-96" />
          <button type="submit" className={buttonClass("secondary")}>
            {t("officeBooking.findGuestButton")}
          </button>
        </Form>
        {loaderData.guests ? (
          loaderData.guests.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600 admin-dark:text-slate-400">{t("officeBooking.noGuest")}</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200 text-sm admin-dark:divide-slate-800" data-testid="guest-matches">
              {loaderData.guests.map((g) => (
                <li key={g.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="[overflow-wrap:anywhere]">
                    <span className="font-medium">{g.name}</span> · <span className="tabular-nums">{g.phone}</span> · {g.email}
                  </span>
                  <Link to={`/admin/bookings/new?customer=${g.id}`} className={buttonClass("secondary", "sm")}>
                    {t("officeBooking.useGuest")}
                    <span className="sr-only">: {g.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </Card>
      )}
      <Form method="post" key={key} noValidate className="space-y-6" aria-describedby="new-booking-help">
        <p id="new-booking-help" className="text-sm text-slate-600 admin-dark:text-slate-400">
          {t(quoteRequest ? "quotes.offerHelp" : "officeBooking.help")}
        </p>
        {quoteRequest ? <input type="hidden" name="quote_request" value={quoteRequest.id} /> : null}
        <Card title={t("officeBooking.sections.trip")}>
          <div className={section}>
            {quoteRequest ? null : <SelectField {...f("channel", "officeBooking.fields.channel")} options={OFFICE_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))} />}
            <SelectField
              {...f("trip_type", "officeBooking.fields.tripType")}
              options={(["oneWay", "roundTrip", "hourly"] as const).map((tt) => ({ value: tt, label: t(`officeBooking.tripTypes.${tt}`) }))}
            />
            <TextField {...f("pickup_location", "bookings.fields.pickup")} required maxLength={200} placeholder={t("officeBooking.placePlaceholder")} autoComplete="off" />
            <TextField {...f("pickup_address", "bookings.fields.pickupAddress")} maxLength={MAX_ADDRESS} />
            <TextField {...f("dropoff_location", "bookings.fields.dropoff")} maxLength={200} help={t("officeBooking.dropoffHelp")} autoComplete="off" />
            <TextField {...f("dropoff_address", "bookings.fields.dropoffAddress")} maxLength={MAX_ADDRESS} />
            <TextField {...f("pickup_day", "bookings.fields.pickupDate")} type="date" required />
            <TextField {...f("pickup_time", "bookings.fields.pickupTime")} type="time" required />
            <TextField {...f("hours", "officeBooking.fields.hours")} type="number" min={hours.min} max={hours.max} inputMode="numeric" help={t("officeBooking.hoursHelp", { min: hours.min, max: hours.max })} />
            <TextField {...f("flight_number", "bookings.fields.flightNumber")} maxLength={20} help={t("officeBooking.flightHelp")} />
          </div>
          <fieldset className="mt-6 grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-2 admin-dark:border-slate-800">
            <legend className="px-1 text-sm font-semibold">{t("officeBooking.sections.return")}</legend>
            <p className="text-sm text-slate-600 sm:col-span-2 admin-dark:text-slate-400">{t("officeBooking.returnHelp")}</p>
            <TextField {...f("return_day", "bookings.fields.returnDate")} type="date" />
            <TextField {...f("return_time", "bookings.fields.returnTime")} type="time" />
            <TextField {...f("return_pickup_location", "bookings.fields.returnPickup")} maxLength={200} autoComplete="off" />
            <TextField {...f("return_pickup_address", "bookings.fields.returnPickupAddress")} maxLength={MAX_ADDRESS} />
            <TextField {...f("return_dropoff_location", "bookings.fields.returnDropoff")} maxLength={200} autoComplete="off" />
            <TextField {...f("return_dropoff_address", "bookings.fields.returnDropoffAddress")} maxLength={MAX_ADDRESS} />
          </fieldset>
        </Card>

        <Card title={t("officeBooking.sections.car")}>
          <div className={section}>
            <SelectField
              {...f("car_id", "bookings.fields.car")}
              options={[{ value: "", label: t("bookingEdit.chooseCar") }, ...cars.map((c) => ({ value: c.id, label: t("officeBooking.carOption", { name: c.name, seats: c.seats, luggage: c.luggage }) }))]}
            />
            <TextField {...f("passengers", "bookings.fields.passengers")} type="number" min={1} max={MAX_PASSENGERS} inputMode="numeric" required />
            <TextField {...f("luggage", "officeBooking.fields.luggage")} type="number" min={0} max={MAX_LUGGAGE} inputMode="numeric" />
          </div>
          <fieldset className="mt-6 grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-3 lg:grid-cols-5 admin-dark:border-slate-800">
            <legend className="px-1 text-sm font-semibold">{t("units.specialLuggage")}</legend>
            {LUGGAGE_KINDS.map((kind) => (
              <TextField key={kind} {...f(kind, `units.luggageKinds.${kind}`)} type="number" min={0} max={MAX_LUGGAGE_ITEM} inputMode="numeric" />
            ))}
            {errors.luggage_items ? <p className="text-sm text-red-600 sm:col-span-3 lg:col-span-5">{errors.luggage_items.join(" ")}</p> : null}
          </fieldset>
          {extras.length > 0 ? (
            <fieldset className="mt-6 grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-2 admin-dark:border-slate-800">
              <legend className="px-1 text-sm font-semibold">{t("bookingProducts.extras")}</legend>
              {extras.map((e) => (
                <div key={e.code} className="space-y-2">
                  <TextField
                    id={`new-extra-${e.code}`}
                    name={extraField(e.code)}
                    label={`${extraName(e.names, i18n.language)} · ${formatTry(kurus(e.price))}${e.pricing === "unit" ? ` ${t("officeBooking.perUnit")}` : ""}`}
                    type="number"
                    min={0}
                    max={e.maxQuantity}
                    inputMode="numeric"
                    defaultValue={v.extras[e.code]?.quantity ?? ""}
                    placeholder="0"
                    errors={errors[extraField(e.code)]}
                  />
                  {e.needsText ? (
                    <TextField id={`new-extra-text-${e.code}`} name={extraTextField(e.code)} label={t("officeBooking.extraText")} defaultValue={v.extras[e.code]?.text ?? ""} maxLength={120} errors={errors[extraTextField(e.code)]} />
                  ) : null}
                </div>
              ))}
              {errors.extras ? <p className="text-sm text-red-600 sm:col-span-2">{errors.extras.join(" ")}</p> : null}
            </fieldset>
          ) : null}
        </Card>

        <Card title={t("officeBooking.sections.guest")}>
          <div className={section}>
            <TextField {...f("full_name", "bookings.fields.fullName")} required autoComplete="off" />
            <TextField {...f("phone", "bookings.fields.phone")} type="tel" required autoComplete="off" />
            <TextField {...f("email", "bookings.fields.email")} type="email" required autoComplete="off" />
            <SelectField {...f("language", "officeBooking.fields.language")} options={LANGUAGES.map((l) => ({ value: l, label: t(`officeBooking.languages.${l}`) }))} help={t("officeBooking.languageHelp")} />
            <TextareaField {...f("notes", "bookings.fields.notes")} rows={3} maxLength={1000} className="sm:col-span-2" help={t("officeBooking.notesHelp")} />
            <Checkbox id="new-messaging_consent" name="messaging_consent" label={t("officeBooking.fields.messagingConsent")} defaultChecked={v.messaging_consent} className="sm:col-span-2" />
          </div>
        </Card>

        <Card title={t("officeBooking.sections.price")}>
          {quote ? (
            <div className="mb-5 space-y-3" data-testid="new-booking-quote" aria-live="polite">
              <PriceLinesTable view={{ products: { hours: quote.hours, extras: [], lines: quote.lines as never, currency: "TRY", currencyRate: null, currencyTotal: quote.total }, category: quote.category, includedKmPerHour: 0 }} />
              {quote.total !== quote.quoted ? <p className="text-sm text-slate-600 admin-dark:text-slate-400">{t("officeBooking.quotedWas", { amount: formatTry(kurus(quote.quoted)) })}</p> : null}
              {quote.warnings.map((w) => (
                <Alert key={w} tone="warning">{w}</Alert>
              ))}
              {quote.conflicts.length > 0 ? <Alert tone="warning">{t("officeBooking.carTakenNote", { conflicts: quote.conflicts.join("; ") })}</Alert> : null}
            </div>
          ) : (
            <p className="mb-5 text-sm text-slate-600 admin-dark:text-slate-400">{t("officeBooking.quoteHint")}</p>
          )}
          <div className={section}>
            <TextField {...f("price_override", "officeBooking.fields.priceOverride")} inputMode="decimal" placeholder={quote ? String(kurusToLira(kurus(quote.quoted))).replace(".", ",") : undefined} help={t("officeBooking.priceHelp")} />
            <TextField {...f("override_reason", "officeBooking.fields.overrideReason")} maxLength={500} help={t("officeBooking.reasonHelp")} />
            <Checkbox id="new-confirm" name="confirm" label={t("officeBooking.fields.confirm")} help={t("officeBooking.confirmHelp")} defaultChecked={v.confirm} />
            <Checkbox id="new-notify_guest" name="notify_guest" label={t("officeBooking.fields.notifyGuest")} help={t(quoteRequest ? "quotes.notifyOnAcceptHelp" : "officeBooking.notifyHelp")} defaultChecked={v.notify_guest} />
            {quoteRequest ? <TextareaField {...f("note", "quotes.fields.note")} rows={3} maxLength={MAX_OFFER_NOTE} className="sm:col-span-2" help={t("quotes.noteHelp")} /> : null}
          </div>
        </Card>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="submit" name="intent" value="quote" className={buttonClass("secondary")} disabled={busy}>
            {t("officeBooking.showPrice")}
          </button>
          {quoteRequest ? (
            <button type="submit" name="intent" value="offer" className={buttonClass("primary")} disabled={busy}>
              {t("quotes.sendOffer")}
            </button>
          ) : (
            <button type="submit" name="intent" value="create" className={buttonClass("primary")} disabled={busy}>
              {t("officeBooking.save")}
            </button>
          )}
        </div>
      </Form>
    </AdminPage>
  );
}
