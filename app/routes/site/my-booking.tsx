import { useTranslation } from "~/i18n/react";
import { useEffect } from "react";
import { useHydrated } from "~/components/site/use-hydrated";
import { data, Form, redirect, useLocation, useRevalidator } from "react-router";
import type { I18nHandle } from "~/i18n/resources";
import type { Route } from "./+types/my-booking";
import { ContactOptions } from "~/components/site/contact-options";
import { CalendarLink } from "~/routes/site/booking/calendar-link";
import { Field } from "~/components/site/field";
import { OnlinePay } from "~/routes/site/booking/online-pay";
import { onlinePayView, payOnline } from "~/routes/site/booking/online-pay.server";
import { bookingReceipts, findBookingByToken } from "~/booking/index.server";
import { movedText } from "~/notify/receipt-pdf.server";
import { bookingDetailRows, detailPricingOf } from "~/notify/booking-details.server";
import { bookingDeps } from "~/server/booking-deps.server";
import { guestCancel, guestChangeDetails, guestChangeTimes, guestManageView, previewView } from "~/booking/index.server";
import { isManageIntent, readDetailsForm, readTimesForm } from "~/booking/rules/manage-form";
import { MAX_LUGGAGE, MAX_PASSENGERS } from "~/booking/rules/capacity";
import { MAX_EXTRA_TEXT } from "~/booking/rules/extras";
import { guestDriverView } from "~/drivers/job.server";
import { flightStateOf } from "~/flights/state.server";
import { FlightStateLine } from "~/flights/flight-state";
import { getInstance, getLanguage } from "~/i18n/i18next.server";
import { problem, type FieldProblems, type Problem } from "~/i18n/problem";
import { getApp } from "~/server/context";
import { LengthCounter } from "~/components/site/length-counter";
import { MAX_CHANGED_NOTES } from "~/booking/rules/contact-limits";
import { brandedTitle, rootMetaData } from "~/components/seo";

/** The catalogues this page needs besides `common` (loaded before hydration; app/i18n/resources.ts). */
export const handle: I18nHandle = { i18n: ["booking"] };

/**
 * The customer's private page, reached from the link in the confirmation e-mail: the token in the
 * URL is compared by its SHA-256 with the stored hash; the reference alone opens nothing. A link
 * that opens nothing answers 404 inside the site, with the ways to reach the office.
 */
const DONE = ["details", "times", "cancelled", "nothing"] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const i18n = getInstance(context);
  const lng = getLanguage(context);
  const t = i18n.getFixedT(lng, "booking");
  const url = new URL(request.url);
  const booking = await findBookingByToken(db.kysely, params.token);
  if (!booking) return data({ found: false as const, title: t("myBooking.notFoundTitle") }, { status: 404 });
  return {
    found: true as const,
    title: t("myBooking.metaTitle", { reference: booking.reference }),
    reference: booking.reference,
    status: booking.status,
    name: booking.full_name,
    // the itemised price in the currency the guest saw, the lira charged, the free waiting
    rows: bookingDetailRows(booking, t, lng, await detailPricingOf(db.kysely, booking)),
    // every payment's receipt, as a PDF behind the same private link (issue 30)
    receipts: (await bookingReceipts(db.kysely, booking.id)).map((r) => ({
      number: r.number,
      href: `/my-booking/${encodeURIComponent(params.token)}/receipts/${r.number}`,
      text: t("receipt.download", { kind: t(`receipt.kinds.${r.kind}`), amount: movedText(r, lng), number: r.number }),
    })),
    // paying online: the last visit's outcome, the hold, the "Pay now" form (issue 30)
    online: onlinePayView(booking, t, lng, url),
    // who is coming on each leg, with the car, where to meet and the driver's last step (issue 15)
    drivers: await guestDriverView(db.kysely, booking, t, lng),
    // the flight as tracked (issue 31; null without a flight provider)
    flight: booking.status === "pending" || booking.status === "confirmed" ? await flightStateOf(db.kysely, booking) : null,
    // Issue 16: what the guest may change now, the policy with its deadlines, each form's values.
    manage: await guestManageView(db.kysely, booking, t, lng),
    done: (DONE as readonly string[]).includes(url.searchParams.get("done") ?? "") ? (url.searchParams.get("done") as (typeof DONE)[number]) : null,
    /** the cancellation's confirm step (a plain link: nothing is written until the confirm form posts) */
    confirmCancel: url.searchParams.get("cancel") === "1",
  };
}

/** The same page after a change, with what was done (post/redirect/get), in the language of the link. */
function doneUrl(request: Request, done: (typeof DONE)[number]): string {
  const url = new URL(request.url);
  url.searchParams.delete("cancel");
  url.searchParams.set("done", done);
  return `${url.pathname}${url.search}`;
}

type ActionFailure = {
  intent: string;
  problem: Problem;
  fields: FieldProblems;
  values: Record<string, string>;
  preview?: ReturnType<typeof previewView>;
};

/**
 * The three forms (intent field): the details saved at once; the date and time first previewed
 * (nothing written), then confirmed at the shown price; the cancellation confirmed. A refusal comes
 * back with its translated code and what was typed; a booking the link does not open is a 404.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = getApp(context);
  const lng = getLanguage(context);
  const t = getInstance(context).getFixedT(lng, "booking");
  const booking = await findBookingByToken(db.kysely, params.token);
  if (!booking) throw data(null, { status: 404 });
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  const fail = (body: ActionFailure, status = 400) => data(body, { status });
  // issue 30: on to the payment provider's page
  if (form?.get("intent") === "pay") {
    const url = new URL(request.url);
    url.searchParams.delete("payment");
    return payOnline(context, booking, t, `${url.pathname}${url.search}`);
  }
  if (!form || !isManageIntent(intent)) return fail({ intent: "", problem: problem("booking:manage.errors.badRequest"), fields: {}, values: {} });
  const deps = bookingDeps(context);
  if (intent === "details") {
    const read = readDetailsForm(form);
    if (!read.ok) return fail({ intent, problem: problem("booking:manage.errors.invalidForm"), fields: read.fields, values: read.values });
    const result = await guestChangeDetails(deps, booking, read.value);
    if (!result.ok) return fail({ intent, problem: result.problem, fields: result.fields, values: read.values });
    throw redirect(doneUrl(request, result.changed ? "details" : "nothing"));
  }
  if (intent === "cancel") {
    const result = await guestCancel(deps, booking);
    if (!result.ok) return fail({ intent, problem: result.problem, fields: {}, values: {} }, 409);
    throw redirect(doneUrl(request, "cancelled"));
  }
  const read = readTimesForm(form, booking.trip_type === "roundTrip");
  if (!read.ok) return fail({ intent: "preview", problem: problem("booking:manage.errors.invalidForm"), fields: read.fields, values: read.values });
  const confirming = intent === "changeTimes" && read.value.expectedTotal !== null;
  const result = await guestChangeTimes(deps, booking, read.value, confirming ? { expectedTotal: read.value.expectedTotal! } : null);
  if (result.ok && "changed" in result) throw redirect(doneUrl(request, "times"));
  if (result.ok) return { intent: "preview", problem: null, fields: {}, values: read.values, preview: previewView(result.preview, t, lng) };
  // The price moved since the preview: the new preview, to be confirmed again.
  if ("priceChanged" in result) return fail({ intent: "preview", problem: result.problem, fields: {}, values: read.values, preview: previewView(result.preview, t, lng) }, 409);
  return fail({ intent: "preview", problem: result.problem, fields: result.fields, values: read.values });
}

// The token never leaves for another site: "same-origin" rather than "no-referrer", because with no
// referrer at all the browser posts the guest's forms with `Origin: null`, which the request screen
// refuses as a cross-site form (as on the driver's job page). Nothing private is cached.
export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  return [{ title: brandedTitle(loaderData?.title ?? "", rootMetaData(matches, location).siteName) }, { name: "robots", content: "noindex, nofollow" }, { name: "referrer", content: "same-origin" }];
}

export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
}

const STATUS_STYLE: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  confirmed: "bg-blue-100 text-blue-900",
  completed: "bg-green-100 text-green-900",
  cancelled: "bg-slate-200 text-slate-800",
};

function BookingNotFound() {
  const { t } = useTranslation("booking");
  return (
    <main id="main" className="container-page py-12 sm:py-16">
      <div className="mx-auto max-w-3xl rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 dark:border-slate-800 dark:bg-slate-900">
        <p className="text-sm font-semibold tracking-widest text-slate-500 uppercase dark:text-slate-400">{t("myBooking.eyebrow")}</p>
        <h1 className="mt-2 font-display text-3xl font-semibold">{t("myBooking.notFoundTitle")}</h1>
        <p className="mt-4 text-slate-600 dark:text-slate-300">{t("myBooking.notFoundText")}</p>
        <h2 className="mt-8 text-sm font-semibold tracking-widest text-slate-500 uppercase dark:text-slate-400">{t("myBooking.notFoundContact")}</h2>
        <ContactOptions className="mt-3" />
        <a href="/" className="btn-secondary mt-8">{t("confirmation.backHome")}</a>
      </div>
    </main>
  );
}

export default function MyBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("booking");
  if (!loaderData.found) return <BookingNotFound />;
  return (
    <main id="main" className="container-page py-12 sm:py-16">
      <div className="mx-auto max-w-2xl rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 dark:border-slate-800 dark:bg-slate-900">
        <p className="text-sm font-semibold tracking-widest text-slate-500 uppercase dark:text-slate-400">{t("myBooking.eyebrow")}</p>
        <h1 className="mt-2 font-display text-3xl font-semibold">{t("myBooking.title", { reference: loaderData.reference })}</h1>
        <p className="mt-4 flex items-center gap-3">
          <span className="text-sm">{t("myBooking.status")}</span>
          <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLE[loaderData.status] ?? STATUS_STYLE.cancelled}`}>
            {t(`status.${loaderData.status}`)}
          </span>
        </p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t(`statusText.${loaderData.status}`)}</p>
        <OnlinePay view={loaderData.online} />
        <dl className="mt-8 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
          {loaderData.rows.map(([label, value], i) => (
            <div key={`${i}:${label}`} className="contents">
              <dt className="font-semibold text-slate-600 dark:text-slate-300">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {loaderData.flight ? <div className="mt-6"><FlightStateLine state={loaderData.flight} ns="booking" /></div> : null}
        {loaderData.receipts.length > 0 ? (
          <section aria-labelledby="receipts" className="mt-8" data-testid="receipts">
            <h2 id="receipts" className="text-lg font-semibold">{t("receipt.listTitle")}</h2>
            <ul className="mt-2 space-y-1 text-sm">
              {loaderData.receipts.map((r) => (
                <li key={r.number}>
                  <a href={r.href} className="inline-block min-h-6 leading-6 font-medium underline">{r.text}</a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {loaderData.drivers.length > 0 ? <YourDriver drivers={loaderData.drivers} /> : null}
        <CalendarLink />
        <ManageBooking
          manage={loaderData.manage}
          reference={loaderData.reference}
          done={loaderData.done}
          confirmCancel={loaderData.confirmCancel}
          failed={actionData && "fields" in actionData ? (actionData as ActionFailure | (Omit<ActionFailure, "problem"> & { problem: null })) : undefined}
        />
        <a href="/" className="btn-secondary mt-8">{t("confirmation.backHome")}</a>
      </div>
    </main>
  );
}

type GuestDriver = Awaited<ReturnType<typeof guestDriverView>>[number];

/** While a leg is under way or due soon, the driver's status follows by itself with JavaScript (every 30 s); without it, a link reloads it. */
function LiveDriverStatus({ active }: { active: boolean }) {
  const { t } = useTranslation("booking");
  const revalidator = useRevalidator();
  const live = useHydrated();
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, 30_000);
    return () => window.clearInterval(timer);
  }, [active, revalidator]);
  if (!active) return null;
  return live ? (
    <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t("myBooking.driver.live")}</p>
  ) : (
    <a href="" className="mt-3 inline-block min-h-6 text-sm font-medium underline">{t("myBooking.driver.refresh")}</a>
  );
}

/** The driver of each leg, the car, where to meet and the live status from the driver's job link. */
function YourDriver({ drivers }: { drivers: GuestDriver[] }) {
  const { t } = useTranslation("booking");
  return (
    <section aria-labelledby="your-driver" className="mt-10">
      <h2 id="your-driver" className="font-display text-2xl font-semibold">{t("myBooking.driver.title")}</h2>
      {drivers.map((d) => (
        <div key={`${d.leg}:${d.unit}`} className="mt-4 rounded-2xl border border-slate-200 p-4 dark:border-slate-800" data-testid={d.unit > 1 ? `driver-${d.leg}-${d.unit}` : `driver-${d.leg}`}>
          {drivers.length > 1 || d.leg === "return" ? (
            <h3 className="font-semibold">
              {t(d.leg === "outbound" ? "myBooking.driver.legOutbound" : "myBooking.driver.legReturn")}
              {/* a party in several cars (issue 32): which car this driver drives */}
              {d.units > 1 ? ` · ${t("myBooking.driver.carOf", { unit: d.unit, units: d.units })}` : ""}
            </h3>
          ) : null}
          <p role="status" className="mt-1 text-lg font-semibold">
            {t(`myBooking.driver.status.${d.status}`)}
            {d.statusAt ? <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-300">{t("myBooking.driver.updatedAt", { time: d.statusAt })}</span> : null}
          </p>
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold text-slate-600 dark:text-slate-300">{t("myBooking.driver.name")}</dt>
            <dd className="flex items-center gap-3">
              {d.photo ? <img src={d.photo} alt={t("myBooking.driver.photoAlt", { name: d.driver })} width={56} height={56} className="size-14 rounded-full object-cover" /> : null}
              <span>{d.driver}</span>
            </dd>
            <dt className="font-semibold text-slate-600 dark:text-slate-300">{t("myBooking.driver.phone")}</dt>
            <dd>
              <a className="underline" href={d.tel}>{d.phone}</a>
            </dd>
            {d.car ? (
              <>
                <dt className="font-semibold text-slate-600 dark:text-slate-300">{t("myBooking.driver.car")}</dt>
                <dd>{d.car}</dd>
              </>
            ) : null}
            <dt className="font-semibold text-slate-600 dark:text-slate-300">{t("myBooking.driver.meet")}</dt>
            <dd>{d.meet}</dd>
          </dl>
          {d.steps.length > 0 ? (
            <div className="mt-3">
              <h4 className="text-sm font-semibold text-slate-600 dark:text-slate-300">{t("myBooking.driver.steps")}</h4>
              <ol className="mt-1 space-y-1 text-sm" data-testid={`driver-steps-${d.leg}`}>
                {d.steps.map((s) => (
                  <li key={`${s.step}-${s.time}`}>{t("myBooking.driver.stepAt", { step: t(`myBooking.driver.status.${s.step}`), time: s.time })}</li>
                ))}
              </ol>
            </div>
          ) : null}
        </div>
      ))}
      <LiveDriverStatus active={drivers.some((d) => d.active)} />
    </section>
  );
}

type ManageView = Awaited<ReturnType<typeof guestManageView>>;
type Failed = Omit<ActionFailure, "problem"> & { problem: Problem | null };

const BOX = "mt-4 rounded-2xl border border-slate-200 p-4 sm:p-6 dark:border-slate-800";

/** A form's message (a refusal, or the price that moved) in the guest's language. */
function FormMessage({ problem: p }: { problem: Problem | null | undefined }) {
  const { t } = useTranslation("booking");
  if (!p) return null;
  return (
    <p role="alert" data-code={p.code} className="mt-3 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
      {t(p.code, p.params)}
    </p>
  );
}

/** A field's problems as the shared Field shows them: the codes, with the first one's values. */
const errorsOf = (fields: FieldProblems | undefined, name: string) => ({
  errors: fields?.[name]?.map((p) => p.code) ?? null,
  errorValues: fields?.[name]?.[0]?.params,
  ns: "booking",
});

/**
 * Issue 16: the guest's own changes, each a plain form (no JavaScript needed): the details until the
 * pickup, the date and time until the change cut-off (with a preview of the price first), and a free
 * cancellation until its cut-off; past a cut-off, the policy and the office's contacts instead.
 */
function ManageBooking({ manage, reference, done, confirmCancel, failed }: { manage: ManageView; reference: string; done: string | null; confirmCancel: boolean; failed?: Failed }) {
  const { t } = useTranslation("booking");
  const location = useLocation();
  const { rights } = manage;
  const withParam = (name: string, value: string | null) => {
    const search = new URLSearchParams(location.search);
    search.delete("done");
    if (value === null) search.delete(name);
    else search.set(name, value);
    const text = search.toString();
    return `${location.pathname}${text ? `?${text}` : ""}`;
  };
  const on = (intent: string) => (failed && (failed.intent === intent || (intent === "preview" && failed.intent === "changeTimes")) ? failed : undefined);
  const details = on("details");
  const times = on("preview");
  const cancel = on("cancel");
  const preview = times?.preview;
  return (
    <section aria-labelledby="manage-title" className="mt-10">
      <h2 id="manage-title" className="font-display text-2xl font-semibold">{t("manage.title")}</h2>
      {done ? (
        <p role="status" className="mt-4 rounded-xl bg-green-50 px-4 py-3 text-sm font-medium text-green-900 dark:bg-green-950 dark:text-green-100">
          {t(`manage.done.${done}`)}
        </p>
      ) : null}
      {failed && !failed.intent ? <FormMessage problem={failed.problem} /> : null}
      {manage.policy ? (
        <div className={BOX} data-testid="manage-policy">
          <h3 className="font-semibold">{t("manage.policy.title")}</h3>
          <p className="mt-1 text-sm">{manage.policy}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("manage.policy.details")}</p>
        </div>
      ) : null}
      {rights.closed ? (
        <div className={BOX}>
          <p>{t(`manage.closed.${rights.closed}`)}</p>
          {rights.closed === "started" ? <ContactOptions className="mt-4" /> : null}
        </div>
      ) : (
        <>
          {rights.editDetails ? (
            <div className={BOX}>
              <h3 className="text-lg font-semibold" id="manage-details">{t("manage.details.title")}</h3>
              <FormMessage problem={details?.problem} />
              <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-2" aria-labelledby="manage-details">
                <input type="hidden" name="intent" value="details" />
                <Field
                  id="manage-flight"
                  look="booking"
                  label={t("manage.details.flightNumber")}
                  {...errorsOf(details?.fields, "flightNumber")}
                  control={{ name: "flightNumber", defaultValue: details?.values.flightNumber ?? manage.details.flightNumber, maxLength: 20, autoComplete: "off", required: manage.airport }}
                />
                {manage.details.signText !== null ? (
                  <Field
                    id="manage-sign"
                    look="booking"
                    label={t("manage.details.signText")}
                    {...errorsOf(details?.fields, "signText")}
                    control={{ name: "signText", defaultValue: details?.values.signText ?? manage.details.signText, maxLength: MAX_EXTRA_TEXT, required: true }}
                  />
                ) : null}
                <Field
                  id="manage-passengers"
                  look="booking"
                  label={t("manage.details.passengers")}
                  {...errorsOf(details?.fields, "passengers")}
                  control={{ name: "passengers", type: "number", min: 1, max: MAX_PASSENGERS, inputMode: "numeric", defaultValue: details?.values.passengers ?? manage.details.passengers, required: true }}
                />
                <Field
                  id="manage-luggage"
                  look="booking"
                  label={t("manage.details.luggage")}
                  {...errorsOf(details?.fields, "luggage")}
                  control={{ name: "luggage", type: "number", min: 0, max: MAX_LUGGAGE, inputMode: "numeric", defaultValue: details?.values.luggage ?? manage.details.luggage }}
                />
                <Field
                  id="manage-notes"
                  look="booking"
                  className="sm:col-span-2"
                  label={t("manage.details.notes")}
                  {...errorsOf(details?.fields, "notes")}
                  // no maxLength: the browser would cut a pasted text silently; the counter and the server's error say it
                  describedBy="manage-notes-count"
                  control={{ as: "textarea", name: "notes", rows: 3, defaultValue: details?.values.notes ?? manage.details.notes }}
                  after={<LengthCounter id="manage-notes-count" target="manage-notes" max={MAX_CHANGED_NOTES} />}
                />
                <div className="sm:col-span-2">
                  <button type="submit" className="btn-primary">{t("manage.details.save")}</button>
                </div>
              </Form>
            </div>
          ) : null}

          <div className={BOX}>
            <h3 className="text-lg font-semibold" id="manage-times">{t("manage.times.title")}</h3>
            {rights.changeTimes ? (
              <>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("manage.times.deadline", { deadline: manage.deadlines.changeBy })}</p>
                <FormMessage problem={times?.problem} />
                {preview ? (
                  <div className="mt-4" data-testid="manage-preview">
                    <h4 className="font-semibold">{t("manage.times.previewTitle")}</h4>
                    <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
                      <dt className="font-semibold text-slate-600 dark:text-slate-300">{t("manage.times.newPickup")}</dt>
                      <dd>{preview.pickup}</dd>
                      {preview.return ? (
                        <>
                          <dt className="font-semibold text-slate-600 dark:text-slate-300">{t("manage.times.newReturn")}</dt>
                          <dd>{preview.return}</dd>
                        </>
                      ) : null}
                      <dt className="font-semibold text-slate-600 dark:text-slate-300">{t("manage.times.oldPrice")}</dt>
                      <dd>{preview.oldPrice}</dd>
                      <dt className="font-semibold text-slate-600 dark:text-slate-300">{t("manage.times.newPrice")}</dt>
                      <dd data-testid="manage-new-price" className="font-semibold">{preview.newPrice}</dd>
                    </dl>
                    <p className="mt-2 text-sm">{t("manage.times.available")}</p>
                    <Form method="post" className="mt-4 flex flex-wrap gap-3">
                      <input type="hidden" name="intent" value="changeTimes" />
                      <input type="hidden" name="expectedTotal" value={preview.expectedTotal} />
                      {(["date", "time", "returnDate", "returnTime"] as const).map((name) =>
                        times?.values[name] ? <input key={name} type="hidden" name={name} value={times.values[name]} /> : null,
                      )}
                      <button type="submit" className="btn-primary">{t("manage.times.confirm")}</button>
                      <a href={withParam("cancel", null)} className="btn-secondary">{t("manage.times.back")}</a>
                    </Form>
                  </div>
                ) : (
                  <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-2" aria-labelledby="manage-times">
                    <input type="hidden" name="intent" value="preview" />
                    <Field
                      id="manage-date"
                      look="booking"
                      label={t("manage.times.date")}
                      {...errorsOf(times?.fields, "date")}
                      control={{ name: "date", type: "date", required: true, defaultValue: times?.values.date ?? manage.times.date }}
                    />
                    <Field id="manage-time" look="booking" label={t("manage.times.time")} control={{ name: "time", type: "time", required: true, defaultValue: times?.values.time ?? manage.times.time }} />
                    {manage.roundTrip ? (
                      <>
                        <Field
                          id="manage-return-date"
                          look="booking"
                          label={t("manage.times.returnDate")}
                          {...errorsOf(times?.fields, "returnDate")}
                          control={{ name: "returnDate", type: "date", required: true, defaultValue: times?.values.returnDate ?? manage.times.returnDate }}
                        />
                        <Field
                          id="manage-return-time"
                          look="booking"
                          label={t("manage.times.returnTime")}
                          control={{ name: "returnTime", type: "time", required: true, defaultValue: times?.values.returnTime ?? manage.times.returnTime }}
                        />
                      </>
                    ) : null}
                    <div className="sm:col-span-2">
                      <button type="submit" className="btn-primary">{t("manage.times.preview")}</button>
                    </div>
                  </Form>
                )}
              </>
            ) : (
              <>
                <p className="mt-1">{t("manage.times.closed", { deadline: manage.deadlines.changeBy })}</p>
                <ContactOptions className="mt-4" />
              </>
            )}
          </div>

          <div className={BOX}>
            <h3 className="text-lg font-semibold" id="manage-cancel">{t("manage.cancel.title")}</h3>
            {rights.cancelFree ? (
              <>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("manage.cancel.deadline", { deadline: manage.deadlines.cancelBy })}</p>
                <FormMessage problem={cancel?.problem} />
                {confirmCancel ? (
                  <Form method="post" className="mt-4" aria-labelledby="manage-cancel-confirm">
                    <input type="hidden" name="intent" value="cancel" />
                    <p id="manage-cancel-confirm" className="font-semibold">{t("manage.cancel.confirmTitle", { reference })}</p>
                    <p className="mt-1 text-sm">{t("manage.cancel.confirmText")}</p>
                    <div className="mt-4 flex flex-wrap gap-3">
                      <button type="submit" className="btn-primary bg-red-700 text-white hover:bg-red-800">{t("manage.cancel.confirm")}</button>
                      <a href={withParam("cancel", null)} className="btn-secondary">{t("manage.cancel.keep")}</a>
                    </div>
                  </Form>
                ) : (
                  <a href={withParam("cancel", "1")} className="btn-secondary mt-4">{t("manage.cancel.start")}</a>
                )}
              </>
            ) : (
              <>
                <FormMessage problem={cancel?.problem} />
                <p className="mt-1">{t("manage.cancel.closed", { deadline: manage.deadlines.cancelBy })}</p>
                <h4 className="mt-4 text-sm font-semibold tracking-widest text-slate-500 uppercase dark:text-slate-400">{t("manage.contactTitle")}</h4>
                <ContactOptions className="mt-3" />
              </>
            )}
          </div>
        </>
      )}
    </section>
  );
}
