import { useTranslation } from "~/i18n/react";
import { luggageItemsText } from "~/booking/rules/luggage-text";
import { data, redirect } from "react-router";
import type { Route } from "./+types/job";
import { DECLINE_REASON_MAX, declineJob, isJobStep, readJobLocation, recordJobStep, setJobPositionConsent } from "~/booking/index.server";
import { releasedJobOf } from "~/booking/index.server";
import { REFUSAL_CODES, type RefusalCode } from "~/booking/rules/lifecycle";
import { DriverI18nProvider, DriverLanguages } from "~/drivers/driver-i18n";
import { driverCatalogue, driverLanguage, jobSheetOfToken, openJobNews, type JobSheet } from "~/drivers/job.server";
import { JobNews } from "~/drivers/driver-app";
import { getCurrentSession } from "~/auth/session.server";
import { getApp } from "~/server/context";
import { bookingDeps } from "~/server/booking-deps.server";
import { collectViewOfToken, runCollectForm } from "~/drivers/collect.server";
import { CollectSection } from "~/drivers/collect-form";
import { brandedTitle, rootMetaData } from "~/components/seo";

const isRefusalCode = (value: unknown): value is RefusalCode => typeof value === "string" && (REFUSAL_CODES as readonly string[]).includes(value);
const POSITION_REFUSALS = ["position_no_consent", "position_inactive", "position_late"] as const;
const isPositionRefusal = (value: unknown): value is (typeof POSITION_REFUSALS)[number] => typeof value === "string" && (POSITION_REFUSALS as readonly string[]).includes(value);

/**
 * A leg's private job sheet (issue 15): opened on the driver's phone without signing in. The token
 * alone opens it (a bad-shaped, unknown or revoked token answers 404 in the driver's language);
 * the five steps are plain forms (PRG), and the phone's location rides along when the driver allows it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const { lng, setCookie } = await driverLanguage(request);
  const headers = setCookie ? { "Set-Cookie": setCookie } : undefined;
  const page = { adminLang: lng, lng, catalogue: driverCatalogue(lng), path: new URL(request.url).pathname };
  const sheet = await jobSheetOfToken(db.kysely, params.token, lng);
  if (!sheet) return data({ ...page, found: false as const }, { status: 404, headers });
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  const refused = url.searchParams.get("refused");
  const position = url.searchParams.get("position");
  return data(
    {
      ...page,
      found: true as const,
      sheet,
      done: isJobStep(done) ? done : null,
      refused: refused === "step" ? ("step" as const) : isRefusalCode(refused) ? refused : null,
      // issue 30: what the guest paid, recorded at the end of the leg
      collect: sheet.closed && sheet.bookingStatus === "cancelled" ? null : await collectViewOfToken(db.kysely, params.token, lng),
      collected: url.searchParams.get("collected") === "1",
      // issue 31: why a position sent with the step was not kept; the consent's change saved
      position: isPositionRefusal(position) ? position : null,
      consentSaved: url.searchParams.get("consent") === "1",
      // issue 31: what changed since the driver last opened the sheet; opening it by its driver marks them seen
      news: await openJobNews(db.kysely, params.token, lng, (await getCurrentSession(request, context))?.user.id ?? null),
    },
    { headers },
  );
}

/**
 * A step goes through the state machine (recordJobStep); a refusal comes back to the sheet with its
 * code (`?refused=too_early`), said in the driver's language, and nothing recorded.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = getApp(context);
  const form = await request.formData();
  const step = form.get("step");
  const path = `/job/${encodeURIComponent(params.token)}`;
  if (form.get("intent") === "collect") {
    const { mailer, env, log } = getApp(context);
    const collected = await runCollectForm(db.kysely, params.token, form, { mailer, env, log });
    if (collected === "not_found") throw data(null, { status: 404 });
    if (collected.ok) throw redirect(`${path}?collected=1`);
    return data({ collectFailed: collected }, { status: 400 });
  }
  if (form.get("intent") === "decline") {
    const reason = form.get("reason");
    const declined = await declineJob(db.kysely, params.token, typeof reason === "string" ? reason : "", new Date(), bookingDeps(context));
    if (declined.ok) throw redirect(path);
    if (declined.reason === "invalid") return data({ declineFailed: declined.code, reason: typeof reason === "string" ? reason.slice(0, DECLINE_REASON_MAX * 2) : "" }, { status: 400 });
    if (declined.reason === "refused") throw redirect(`${path}?refused=${declined.code}`);
    if (await releasedJobOf(db.kysely, params.token)) throw redirect(`${path}?refused=closed`);
    throw data(null, { status: 404 });
  }
  if (form.get("intent") === "consent") {
    const saved = await setJobPositionConsent(db.kysely, params.token, form.get("consent") === "on");
    if (!saved) throw data(null, { status: 404 });
    throw redirect(`${path}?consent=1`);
  }
  if (!isJobStep(step)) {
    if (!(await jobSheetOfToken(db.kysely, params.token, "tr"))) throw data(null, { status: 404 });
    throw redirect(`${path}?refused=step`);
  }
  const result = await recordJobStep(
    db.kysely,
    params.token,
    step,
    readJobLocation(form.get("lat"), form.get("lng"), form.get("accuracy"), form.get("taken_at")),
    new Date(),
    bookingDeps(context),
  );
  if (result.ok) throw redirect(`${path}?done=${step}${result.position ? `&position=${result.position}` : ""}`);
  if (result.reason === "refused") throw redirect(`${path}?refused=${result.code}`);
  // a released link (its booking cancelled) still answers its sheet, which says so
  if (await releasedJobOf(db.kysely, params.token)) throw redirect(`${path}?refused=closed`);
  throw data(null, { status: 404 });
}

// The token never leaves for another site (maps, WhatsApp): "same-origin" rather than "no-referrer",
// because with no referrer at all the browser posts the steps with `Origin: null`, which the
// request screen refuses as a cross-site form.
export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const c = loaderData?.catalogue;
  const title = !c
    ? ""
    : loaderData.found
      ? c.job.metaTitle.replace("{{reference}}", loaderData.sheet.reference)
      : c.job.notFoundTitle;
  return [{ title: brandedTitle(title, rootMetaData(matches, location).siteName) }, { name: "robots", content: "noindex, nofollow" }, { name: "referrer", content: "same-origin" }];
}

export default function Job({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <DriverI18nProvider lng={loaderData.lng} catalogue={loaderData.catalogue}>
      <main id="main" className="mx-auto max-w-xl px-4 py-6 sm:py-10">
        <div className="mb-4 flex justify-end">
          <DriverLanguages path={loaderData.path} />
        </div>
        {loaderData.found ? (
          <JobSheetView
            sheet={loaderData.sheet}
            news={<JobNews news={loaderData.news} />}
            done={loaderData.done}
            refused={loaderData.refused}
            // issue 30: what the guest paid, asked for before "Tamamlandı" so the driver records it first
            collect={loaderData.collect ? <CollectSection view={loaderData.collect} collected={loaderData.collected} failed={actionData && "collectFailed" in actionData ? actionData.collectFailed : undefined} /> : null}
            position={loaderData.position}
            consentSaved={loaderData.consentSaved}
            declineFailed={actionData && "declineFailed" in actionData ? { code: actionData.declineFailed, reason: actionData.reason } : null}
          />
        ) : (
          <JobNotFound />
        )}
      </main>
    </DriverI18nProvider>
  );
}

function JobNotFound() {
  const { t } = useTranslation("driver");
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
      <p className="font-display text-5xl font-semibold text-slate-700 dark:text-slate-200">404</p>
      <h1 className="mt-2 font-display text-2xl font-semibold">{t("job.notFoundTitle")}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">{t("job.notFoundText")}</p>
    </div>
  );
}

const STEP_STYLE: Record<string, string> = {
  accepted: "bg-green-700 hover:bg-green-800",
  on_way: "bg-sky-700 hover:bg-sky-800",
  arrived: "bg-amber-700 hover:bg-amber-800",
  picked_up: "bg-indigo-700 hover:bg-indigo-800",
  completed: "bg-green-700 hover:bg-green-800",
  no_show: "bg-red-700 hover:bg-red-800",
};

/**
 * With JavaScript, the phone's location is asked for once per press (at most a few seconds) and
 * written into the form's hidden fields; the post goes ahead with or without it.
 */
function addLocationThenSubmit(event: React.FormEvent<HTMLFormElement>) {
  const form = event.currentTarget;
  // only with the driver's consent, and only on a step of the leg under way (not the acceptance)
  if (form.dataset.located === "1" || form.dataset.locate !== "1" || !("geolocation" in navigator)) return;
  event.preventDefault();
  let sent = false;
  const send = () => {
    if (sent) return;
    sent = true;
    form.dataset.located = "1";
    form.submit();
  };
  const set = (name: string, value: number) => {
    const input = form.elements.namedItem(name);
    if (input instanceof HTMLInputElement) input.value = String(value);
  };
  const guard = window.setTimeout(send, 5000);
  navigator.geolocation.getCurrentPosition(
    (position) => {
      window.clearTimeout(guard);
      set("lat", position.coords.latitude);
      set("lng", position.coords.longitude);
      set("accuracy", position.coords.accuracy);
      set("taken_at", position.timestamp);
      send();
    },
    () => {
      window.clearTimeout(guard);
      send();
    },
    { enableHighAccuracy: true, timeout: 4000, maximumAge: 60_000 },
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="border-t border-slate-200 py-3 dark:border-slate-800">
      <dt className="text-sm font-semibold text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 break-words">{children}</dd>
    </div>
  );
}

const linkClass =
  "inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold underline dark:border-slate-700";

function JobSheetView({
  sheet,
  news,
  done,
  refused,
  collect,
  position,
  consentSaved,
  declineFailed,
}: {
  sheet: JobSheet;
  news: React.ReactNode;
  done: string | null;
  refused: RefusalCode | "step" | null;
  collect: React.ReactNode;
  position: string | null;
  consentSaved: boolean;
  declineFailed: { code: string; reason: string } | null;
}) {
  const { t } = useTranslation("driver");
  const none = t("job.none");
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      <p className="text-sm font-semibold tracking-widest text-slate-600 uppercase dark:text-slate-300">
        {t("job.eyebrow")}
      </p>
      <h1 className="mt-1 font-display text-2xl font-semibold">
        {t("job.title", {
          leg: t(sheet.leg === "outbound" ? "job.legOutbound" : "job.legReturn"),
          reference: sheet.reference,
        })}
      </h1>
      {news}
      {done ? (
        <p role="status" className="mt-4 rounded-lg bg-green-100 px-4 py-3 font-semibold text-green-900">
          {t("job.recorded", { step: t(`job.steps.${done}`) })}
        </p>
      ) : null}
      {position ? (
        <p role="status" data-code={position} className="mt-2 rounded-lg bg-amber-50 px-4 py-3 text-amber-950">
          {t(`job.position.${position}`)}
        </p>
      ) : null}
      {consentSaved ? (
        <p role="status" className="mt-4 rounded-lg bg-green-100 px-4 py-3 font-semibold text-green-900">
          {t("job.consent.saved")}
        </p>
      ) : null}
      {refused ? (
        <p role="alert" data-code={refused} className="mt-4 rounded-lg bg-red-100 px-4 py-3 font-semibold text-red-900">
          {t(refused === "step" ? "job.badStep" : `lifecycle.refused.${refused}`)}
        </p>
      ) : null}
      <p className="mt-4 text-lg">
        <span className="font-semibold">{t("job.statusTitle")}:</span>{" "}
        <span data-testid="job-status">
          {/* a closed booking's leg says what became of the booking, not its last step ("Atandı") */}
          {sheet.closed
            ? t(`bookingStatus.${sheet.bookingStatus}`)
            : sheet.statusAt
              ? t("job.statusAt", { status: t(`job.status.${sheet.status}`), time: sheet.statusAt })
              : t(`job.status.${sheet.status}`)}
        </span>
      </p>
      <dl className="mt-4">
        <Row label={t("job.pickupTime")}>
          <span className="text-2xl font-semibold">{sheet.pickup.time}</span>{" "}
          <span className="text-slate-700 dark:text-slate-300">{sheet.pickup.dateText}</span>
        </Row>
        <Row label={t("job.from")}>
          <p>{sheet.from.text}</p>
          <a className={`${linkClass} mt-2`} href={sheet.from.href} rel="noreferrer" target="_blank">
            {t("job.navigate")}
          </a>
        </Row>
        <Row label={t("job.to")}>
          <p>{sheet.to.text}</p>
          <a className={`${linkClass} mt-2`} href={sheet.to.href} rel="noreferrer" target="_blank">
            {t("job.navigate")}
          </a>
        </Row>
        {sheet.passenger ? (
          <Row label={t("job.passenger")}>
            <p className="font-semibold">{sheet.passenger.name}</p>
            <p className="mt-2 flex flex-wrap gap-2">
              <a className={linkClass} href={sheet.passenger.tel}>
                {t("job.call")} {sheet.passenger.phone}
              </a>
              <a className={linkClass} href={sheet.passenger.whatsapp} rel="noreferrer" target="_blank">
                {t("job.whatsapp")}
              </a>
            </p>
          </Row>
        ) : null}
        {sheet.flight ? <Row label={t("job.flight")}>{sheet.flight}</Row> : null}
        {sheet.party ? (
          <Row label={t("job.partyCar")}>
            <span data-testid="job-party" className="font-semibold">
              {t("job.partyCarValue", { unit: sheet.party.unit, units: sheet.party.units, car: sheet.party.carName })}
            </span>
          </Row>
        ) : null}
        <Row label={t("job.passengers")}>{sheet.passengers}</Row>
        <Row label={t("job.luggage")}>{sheet.luggage ?? none}</Row>
        {sheet.luggageItems ? (
          <Row label={t("job.specialLuggage")}>
            <span data-luggage-items className="font-semibold">
              {luggageItemsText(t, sheet.luggageItems, "job.luggageItems")}
            </span>
          </Row>
        ) : null}
        {sheet.signs.length > 0 ? (
          <Row label={t("job.sign")}>
            <span className="text-xl font-semibold">{sheet.signs.join(", ")}</span>
          </Row>
        ) : null}
        <Row label={t("job.extras")}>{sheet.extras.length > 0 ? sheet.extras.join("; ") : none}</Row>
        {sheet.closed ? null : (
          <Row label={t("job.notes")}>
            <span className="whitespace-pre-line">{sheet.notes || none}</span>
          </Row>
        )}
        {sheet.guestNotes ? (
          <Row label={t("job.guestNotes")}>
            <span className="whitespace-pre-line font-medium" data-testid="job-guest-notes">
              {sheet.guestNotes}
            </span>
          </Row>
        ) : null}
      </dl>
      {collect}
      {sheet.declined ? (
        <div data-testid="job-declined" className="mt-6 rounded-lg bg-slate-100 px-4 py-3 text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          <p className="font-semibold">{t("job.declined.title")}</p>
          <p className="mt-1">{t("job.declined.text")}</p>
        </div>
      ) : sheet.closed ? (
        <p className="mt-6 rounded-lg bg-slate-100 px-4 py-3 font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          {t(sheet.bookingStatus === "cancelled" ? "job.closed.cancelled" : "job.closed.completed")}
        </p>
      ) : (
        <section aria-labelledby="job-steps" className="mt-6">
          <h2 id="job-steps" className="text-lg font-semibold">
            {t("job.actions")}
          </h2>
          {sheet.wait ? (
            <p data-testid="job-wait" className="mt-2 rounded-lg bg-amber-50 px-4 py-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
              {sheet.wait.code === "too_early" ? t("job.wait.too_early", { time: sheet.wait.time, date: sheet.wait.dateText }) : t("job.wait.not_confirmed")}
            </p>
          ) : null}
          {sheet.steps.includes("accepted") ? (
            <div className="mt-3 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-green-950 dark:border-green-800 dark:bg-green-950 dark:text-green-50">
              <p className="font-semibold">{t("job.accept.title")}</p>
              <p className="mt-1 text-sm">{t("job.accept.help")}</p>
            </div>
          ) : null}
          <div className="mt-3 grid gap-3">
            {sheet.steps.map((step) => (
              <form key={step} method="post" onSubmit={addLocationThenSubmit} data-locate={sheet.positionConsent && step !== "accepted" ? "1" : "0"}>
                <input type="hidden" name="step" value={step} />
                <input type="hidden" name="lat" defaultValue="" />
                <input type="hidden" name="lng" defaultValue="" />
                <input type="hidden" name="accuracy" defaultValue="" />
                <input type="hidden" name="taken_at" defaultValue="" />
                <button
                  type="submit"
                  className={`min-h-14 w-full rounded-xl px-4 py-3 text-lg font-semibold text-white ${STEP_STYLE[step]}`}
                >
                  {t(`job.steps.${step}`)}
                </button>
              </form>
            ))}
          </div>
          {sheet.canDecline ? <DeclineForm failed={declineFailed} /> : null}
          <ConsentForm consent={sheet.positionConsent} days={sheet.retentionDays} />
        </section>
      )}
    </div>
  );
}

/** The decline with its reason (issue 31): the job goes back to the office. */
function DeclineForm({ failed }: { failed: { code: string; reason: string } | null }) {
  const { t } = useTranslation("driver");
  return (
    <form method="post" className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <input type="hidden" name="intent" value="decline" />
      <label htmlFor="job-decline-reason" className="block font-semibold">
        {t("job.decline.label")}
      </label>
      <textarea
        id="job-decline-reason"
        name="reason"
        rows={2}
        required
        maxLength={300}
        defaultValue={failed?.reason ?? ""}
        placeholder={t("job.decline.placeholder")}
        aria-invalid={failed ? true : undefined}
        aria-describedby={failed ? "job-decline-error" : undefined}
        className="mt-2 w-full rounded-lg border border-slate-300 px-3 py-2 text-base dark:border-slate-700 dark:bg-slate-950"
      />
      {failed ? (
        <p id="job-decline-error" role="alert" data-code={failed.code} className="mt-1 text-sm font-semibold text-red-800 dark:text-red-300">
          {t(`job.decline.${failed.code}`)}
        </p>
      ) : null}
      <button type="submit" className="mt-3 min-h-12 w-full rounded-xl border-2 border-red-700 px-4 py-2 font-semibold text-red-800 hover:bg-red-50 dark:text-red-300">
        {t("job.decline.submit")}
      </button>
    </form>
  );
}

/** The driver's consent to share the phone's position with the steps, given or taken back. */
function ConsentForm({ consent, days }: { consent: boolean; days: number }) {
  const { t } = useTranslation("driver");
  return (
    <form method="post" className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">
      <input type="hidden" name="intent" value="consent" />
      <input type="hidden" name="consent" value={consent ? "off" : "on"} />
      <h3 className="font-semibold">{t("job.consent.title")}</h3>
      <p data-testid="job-consent" data-consent={consent ? "on" : "off"} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {t(consent ? "job.consent.on" : "job.consent.off", { days })}
      </p>
      <button type="submit" className={`${linkClass} mt-2`}>
        {t(consent ? "job.consent.withdraw" : "job.consent.give")}
      </button>
    </form>
  );
}
