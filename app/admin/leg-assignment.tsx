/**
 * One leg's driver and car in the back office (issue 15): what is assigned (driver with tap-to-call
 * and WhatsApp, the car with its plate, the job's status and the driver's job link) and the plain
 * POST form that changes it (`intent=assign`), used by the booking page and the dispatch board.
 * Everything works without JavaScript; with it, the job link gets a copy button.
 */
import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, useNavigation } from "react-router";
import { useHydrated } from "~/components/site/use-hydrated";
import { whatsappHref } from "~/drivers/drivers";
import type { AssignChoice, LegAssignmentView } from "~/admin/leg-assignments";
import { useAdminFormat } from "./i18n";
import { buttonClass, SelectField, TextareaField } from "./ui";

export interface AssignableDriver {
  id: string;
  name: string;
  active: boolean;
}

export interface AssignableCar {
  id: string;
  name: string;
  status: string;
  plateNumber: string | null;
}

const LEG_WORD = { outbound: "assign.legOutbound", return: "assign.legReturn" } as const;
const LEG_TITLE = { outbound: "assign.legTitleOutbound", return: "assign.legTitleReturn" } as const;

type T = ReturnType<typeof useTranslation>["t"];

/** "Araç 2/3" for a car of a party in several cars (issue 32); empty for a booking's only car. */
export const unitText = (t: T, view: { unit?: number; units?: number }) => ((view.units ?? 1) > 1 ? t("assign.unitOf", { unit: view.unit ?? 1, units: view.units }) : "");

/** The leg's word ("Gidiş"), with its car when the party has several ("Gidiş · Araç 2/2"). */
export const legWordOf = (t: T, view: Pick<LegAssignmentView, "leg"> & { unit?: number; units?: number }) => [t(LEG_WORD[view.leg]), unitText(t, view)].filter(Boolean).join(" · ");

/** The test id suffix of a leg: its name, a further car's with its unit ("return-2"). */
const legId = (view: Pick<LegAssignmentView, "leg" | "unit">) => (view.unit > 1 ? `${view.leg}-${view.unit}` : view.leg);

/** The copy button appears only with JavaScript; the link itself always works. */
function CopyLink({ url }: { url: string }) {
  const { t } = useTranslation("admin");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className={buttonClass("secondary", "sm")}
      onClick={() => {
        void navigator.clipboard?.writeText(url).then(() => setCopied(true), () => setCopied(false));
      }}
    >
      {copied ? t("assign.copied") : t("assign.copyLink")}
    </button>
  );
}

/** What is on the leg: driver, car, job status and link (read-only). */
export function LegAssignmentSummary({ view, reference, pickupAt }: { view: LegAssignmentView; reference: string; pickupAt: string }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const leg = legWordOf(t, view);
  const label = "text-slate-600 admin-dark:text-slate-400";
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid={`assignment-${legId(view)}`}>
      <dt className={label}>{t("assign.driver")}</dt>
      <dd className="min-w-0 break-words">
        {view.driver ? (
          <>
            <span className="font-medium">{view.driver.name}</span>
            <span className="block">
              <a href={`tel:${view.driver.phone.replace(/[^\d+]/g, "")}`} className="text-sky-700 underline admin-dark:text-sky-300">
                {view.driver.phone}
              </a>
              {" · "}
              <a href={whatsappHref(view.driver.whatsapp ?? view.driver.phone)} className="text-sky-700 underline admin-dark:text-sky-300" rel="noreferrer" target="_blank">
                {t("assign.whatsapp")}
              </a>
            </span>
          </>
        ) : (
          <span className="font-medium text-amber-800 admin-dark:text-amber-200">{t("assign.noDriver")}</span>
        )}
      </dd>
      <dt className={label}>{t("assign.car")}</dt>
      <dd className="min-w-0 break-words">
        {view.car ? [view.car.name, view.car.plateNumber, view.car.colour].filter(Boolean).join(" · ") : t("ui.notSpecified")}
      </dd>
      {view.jobStatus ? (
        <>
          <dt className={label}>{t("assign.jobStatusLabel")}</dt>
          <dd>
            {view.jobStatusAt
              ? t("assign.jobStatusAt", { status: t(`assign.jobStatus.${view.jobStatus}`), time: format.date(view.jobStatusAt) })
              : t(`assign.jobStatus.${view.jobStatus}`)}
          </dd>
        </>
      ) : null}
      {view.jobUrl && view.driver ? (
        <>
          <dt className={label}>{t("assign.jobLink")}</dt>
          <dd className="min-w-0 space-y-1">
            <a href={view.jobUrl} className="block break-all text-sky-700 underline admin-dark:text-sky-300" data-testid="job-link">
              {view.jobUrl}
            </a>
            <span className="flex flex-wrap gap-2">
              <CopyLink url={view.jobUrl} />
              <a
                href={whatsappHref(view.driver.whatsapp ?? view.driver.phone, t("assign.whatsappMessage", { reference, leg, time: format.date(pickupAt), url: view.jobUrl }))}
                className={buttonClass("secondary", "sm")}
                rel="noreferrer"
                target="_blank"
              >
                {t("assign.sendWhatsapp")}
              </a>
            </span>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * The form for one leg: driver (active ones; "Şoför yok" takes the driver off) and car (the
 * outbound car can be changed, never removed). `bookingId` is posted when the form is not on the
 * booking's own page (the board).
 */
export function LegAssignmentForm({
  view,
  reference,
  drivers,
  cars,
  bookingId,
  idPrefix,
  action,
  chosen,
}: {
  view: LegAssignmentView;
  reference: string;
  drivers: readonly AssignableDriver[];
  cars: readonly AssignableCar[];
  bookingId?: string;
  idPrefix: string;
  /** where the form posts; the current page by default */
  action?: string;
  /** the choice of this form the office refused: shown again, not the leg's assignment */
  chosen?: AssignChoice;
}) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const leg = legWordOf(t, view);
  const current = view.driver;
  const driverOptions = [
    { value: "", label: t("assign.noDriver") },
    ...drivers.filter((d) => d.active).map((d) => ({ value: d.id, label: d.name })),
    ...(current && !drivers.some((d) => d.id === current.id && d.active) ? [{ value: current.id, label: t("assign.inactiveDriver", { name: current.name }) }] : []),
  ];
  const carLabel = (c: AssignableCar) => {
    const name = c.plateNumber ? `${c.name} · ${c.plateNumber}` : c.name;
    return c.status === "active" ? name : t("assign.inactiveCar", { name });
  };
  const carOptions = [...(view.car ? [] : [{ value: "", label: t("ui.notSpecified") }]), ...cars.map((c) => ({ value: c.id, label: carLabel(c) }))];
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" action={action} className="grid gap-3 sm:grid-cols-2" aria-label={t("assign.formLabel", { reference, leg })} data-testid={`assign-form-${legId(view)}`}>
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="leg" value={view.leg} />
      {view.unit > 1 ? <input type="hidden" name="unit" value={view.unit} /> : null}
      {bookingId ? <input type="hidden" name="bookingId" value={bookingId} /> : null}
      <SelectField id={`${idPrefix}-driver`} name="driverId" label={t("assign.driverLabel", { leg })} options={driverOptions} defaultValue={chosen && driverOptions.some((o) => o.value === chosen.driverId) ? chosen.driverId : (current?.id ?? "")} />
      <SelectField
        id={`${idPrefix}-car`}
        name="carId"
        label={t("assign.carLabel", { leg })}
        options={carOptions}
        defaultValue={chosen && carOptions.some((o) => o.value === chosen.carId) ? chosen.carId : (view.car?.id ?? "")}
        help={view.unit > 1 ? t("assign.unitCarNote") : view.leg === "outbound" ? t("assign.outboundCarNote") : undefined}
      />
      {chosen?.needsOverride ? (
        // refused for the driver's hours, leave or rest, or an expired document (issue 34): assigned with a reason
        <TextareaField
          id={`${idPrefix}-override`}
          name="overrideReason"
          label={t("assign.overrideReason")}
          help={t("assign.overrideHelp")}
          defaultValue={chosen.overrideReason ?? ""}
          maxLength={500}
          rows={2}
          className="sm:col-span-2"
        />
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className={buttonClass("primary", "sm")} disabled={busy}>
          {current ? t("assign.save") : t("assign.assign")}
        </button>
        {current ? (
          <button type="submit" name="unassign" value="1" className={buttonClass("secondary", "sm")} disabled={busy}>
            {t("assign.remove")}
          </button>
        ) : null}
      </div>
    </Form>
  );
}

/** The booking page's card: per leg what is assigned and, for a role that may write and an open booking, the form. */
export function LegAssignmentsCard({
  views,
  reference,
  pickupAt,
  returnAt,
  drivers,
  cars,
  editable,
  closed,
  result,
}: {
  views: readonly LegAssignmentView[];
  reference: string;
  pickupAt: string;
  returnAt: string | null;
  drivers: readonly AssignableDriver[];
  cars: readonly AssignableCar[];
  editable: boolean;
  closed: boolean;
  /** the last assignment posted on this page: a refused one keeps its choice in its leg's form */
  result?: { ok: boolean; leg: string | null; unit?: number; chosen?: AssignChoice };
}) {
  const { t } = useTranslation("admin");
  return (
    <section aria-labelledby="assign-title" className="rounded-xl border border-slate-200 bg-white shadow-sm admin-dark:border-slate-800 admin-dark:bg-slate-900" data-testid="assignments">
      <h2 id="assign-title" className="border-b border-slate-200 px-5 py-3 font-semibold admin-dark:border-slate-800">
        {t("assign.title")}
      </h2>
      <div className="divide-y divide-slate-200 admin-dark:divide-slate-800">
        {views.map((view) => (
          <div key={legId(view)} className="space-y-3 p-5">
            {views.length > 1 ? <h3 className="text-sm font-semibold">{[t(LEG_TITLE[view.leg]), unitText(t, view)].filter(Boolean).join(" · ")}</h3> : null}
            <LegAssignmentSummary view={view} reference={reference} pickupAt={view.leg === "return" && returnAt ? returnAt : pickupAt} />
            {editable && !closed ? <LegAssignmentForm view={view} reference={reference} drivers={drivers} cars={cars} idPrefix={`assign-${legId(view)}`} chosen={result && !result.ok && result.leg === view.leg && (result.unit ?? 1) === view.unit ? result.chosen : undefined} /> : null}
          </div>
        ))}
        {closed ? <p className="px-5 py-3 text-sm text-slate-600 admin-dark:text-slate-400">{t("assign.closedNote")}</p> : null}
        {editable && !closed && drivers.every((d) => !d.active) ? <p className="px-5 py-3 text-sm text-slate-600 admin-dark:text-slate-400">{t("assign.noDrivers")}</p> : null}
      </div>
    </section>
  );
}
