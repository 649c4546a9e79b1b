/**
 * Rotalar (/admin/routes): the zones (a named centre and radius) and the fixed route fares between
 * places and zones, per vehicle category. Each row lists what it is and opens an edit form in a
 * <details> disclosure; one form adds a zone, one a route. Every form works without JavaScript
 * (plain POST, redirect on success, the page again with errors and what was typed otherwise).
 */
import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/routes";
import { regionPlaceLabels } from "~/admin/distances.server";
import { adminLanguage } from "~/admin/i18n.server";
import { useAdminFormat } from "~/admin/i18n";
import { liraFieldText, priceField, routeFareSchemaFor } from "~/admin/route-fares";
import { handleRouteFareForm, routeFarePage, type FareEndView, type FareRow, type ZoneRow } from "~/admin/route-fares.server";
import { AdminPage, Alert, Checkbox, ConfirmDialog, EmptyState, ErrorList, SelectField, StatusBadge, TextField, buttonClass } from "~/admin/ui";
import { CAR_CATEGORIES } from "~/fleet/car";
import { LOCALE_TAGS } from "~/i18n/config";
import type { PlaceSuggestion } from "~/places/types";
import { getApp } from "~/server/context";
import { placeServices } from "~/server/http/places.server";
import { formatTry, kurus } from "~/utils/money";

const DONE = ["zone-add", "zone-save", "zone-delete", "fare-add", "fare-save", "fare-delete"] as const;
type Done = (typeof DONE)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  const { zones, fares } = await routeFarePage(db.kysely, placeServices(context));
  // the row whose edit form is open (`zone-<id>` / `fare-<id>`): one form at a time keeps the page light
  const edit = (url.searchParams.get("edit") ?? "").slice(0, 250);
  return { zones, fares, edit, places: regionPlaceLabels(), done: DONE.includes(done as Done) ? (done as Done) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, log } = getApp(context);
  const outcome = await handleRouteFareForm(db.kysely, placeServices(context), await request.formData(), { log, lng: await adminLanguage(db.kysely) });
  if (!outcome.ok) return data({ formId: outcome.formId, result: outcome.result, candidates: outcome.candidates ?? {} }, { status: outcome.status });
  throw redirect(`/admin/routes?done=${outcome.intent}#${outcome.anchor}`);
}

type ActionData = { formId: string; result: SubmissionResult<string[]>; candidates: Record<string, PlaceSuggestion[]> } | undefined;

const CARD = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm admin-dark:border-slate-800 admin-dark:bg-slate-900";
const MUTED = "text-slate-500 admin-dark:text-slate-400";

function useKm() {
  const { t, i18n } = useTranslation("admin");
  const tag = LOCALE_TAGS[i18n.language as keyof typeof LOCALE_TAGS] ?? LOCALE_TAGS.tr;
  return (km: number) => t("units.km", { value: km.toLocaleString(tag, { maximumFractionDigits: 2 }) });
}

/** A centre as "36,8631, 31,0654" in the admin language (five decimals at most: about a metre). */
function useCoords() {
  const { i18n } = useTranslation("admin");
  const tag = LOCALE_TAGS[i18n.language as keyof typeof LOCALE_TAGS] ?? LOCALE_TAGS.tr;
  return (lat: number, lng: number) => [lat, lng].map((n) => n.toLocaleString(tag, { maximumFractionDigits: 5 })).join(" / ");
}

/** "Antalya Havalimanı (AYT)" or "Belek (bölge, 7 km)". */
function useEndLabel() {
  const { t } = useTranslation("admin");
  const km = useKm();
  return (end: FareEndView) => (end.kind === "zone" ? t("routeFares.zoneEnd", { name: end.label, radius: km(end.radiusKm ?? 0) }) : end.label);
}

export default function RoutesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { zones, fares, edit, places, done } = loaderData;
  const answered = actionData as ActionData;
  const title = t("routeFares.title");
  const answer = (formId: string) => (answered?.formId === formId ? answered : undefined);
  return (
    <AdminPage title={title} description={t("routeFares.intro")}>
      <title>{`${title} · ${t("shell.brand")}`}</title>
      {done ? <Alert tone="success">{t(`routeFares.done.${done}`)}</Alert> : null}

      <section aria-labelledby="zones" className="space-y-3">
        <h2 id="zones" className="scroll-mt-20 text-lg font-semibold text-slate-900 admin-dark:text-white">
          {t("routeFares.zonesTitle")}
        </h2>
        <p className={`text-sm ${MUTED}`}>{t("routeFares.zonesIntro")}</p>
        <ZoneForm mode="add" answer={answer("zone-add")} />
        {zones.length === 0 ? (
          <EmptyState title={t("routeFares.noZones")} />
        ) : (
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {zones.map((zone) => (
              <ZoneItem key={zone.id} zone={zone} editing={edit === `zone-${zone.id}`} answer={answer(`zone-${zone.id}`)} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="fares" className="space-y-3">
        <h2 id="fares" className="scroll-mt-20 text-lg font-semibold text-slate-900 admin-dark:text-white">
          {t("routeFares.faresTitle")}
        </h2>
        <p className={`text-sm ${MUTED}`}>{t("routeFares.faresIntro")}</p>
        <FareForm mode="add" zones={zones} answer={answer("fare-add")} />
        {fares.length === 0 ? (
          <EmptyState title={t("routeFares.noFares")} />
        ) : (
          <ul className="space-y-3">
            {fares.map((fare) => (
              <FareItem key={fare.id} fare={fare} zones={zones} editing={edit === `fare-${fare.id}`} answer={answer(`fare-${fare.id}`)} />
            ))}
          </ul>
        )}
      </section>

      <datalist id="route-places">
        {places.map((label) => (
          <option key={label} value={label} />
        ))}
      </datalist>
    </AdminPage>
  );
}

function ZoneItem({ zone, editing, answer }: { zone: ZoneRow; editing: boolean; answer: ActionData }) {
  const { t } = useTranslation("admin");
  const km = useKm();
  const coords = useCoords();
  return (
    <li id={`zone-${zone.id}`} aria-label={zone.name} className={`scroll-mt-20 ${CARD}`}>
      <h3 className="font-semibold text-slate-900 admin-dark:text-white">{zone.name}</h3>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className={MUTED}>{t("routeFares.centre")}</dt>
        <dd className="text-slate-800 admin-dark:text-slate-200">{coords(zone.lat, zone.lng)}</dd>
        <dt className={MUTED}>{t("routeFares.radius")}</dt>
        <dd className="text-slate-800 admin-dark:text-slate-200">{km(zone.radiusKm)}</dd>
        <dt className={MUTED}>{t("routeFares.usedBy")}</dt>
        <dd className="text-slate-800 admin-dark:text-slate-200">{t("routeFares.routes", { count: zone.uses })}</dd>
      </dl>
      <EditPanel anchor={`zone-${zone.id}`} open={editing || Boolean(answer)} label={t("routeFares.editZone", { name: zone.name })}>
        <ZoneForm mode="save" zone={zone} answer={answer} />
        <DeleteForm
          intent="zone-delete"
          id={zone.id}
          label={t("routeFares.deleteZone", { name: zone.name })}
          message={t("routeFares.deleteZoneConfirm", { name: zone.name })}
        />
      </EditPanel>
      {answer ? <ErrorList errors={answer.result.error?.[""] ?? undefined} /> : null}
    </li>
  );
}

/**
 * A row's edit form, opened by a link (`?edit=<row>`), so only the row being edited carries its
 * form (ten routes × nine prices would otherwise be hundreds of hidden inputs on every visit).
 */
function EditPanel({ anchor, open, label, children }: { anchor: string; open: boolean; label: string; children: ReactNode }) {
  const { t } = useTranslation("admin");
  const link = "text-sm font-medium text-brand-strong hover:underline admin-dark:text-brand";
  if (!open) {
    return (
      <Link to={`/admin/routes?edit=${encodeURIComponent(anchor)}#${anchor}`} preventScrollReset className={`mt-3 inline-block ${link}`}>
        {label}
      </Link>
    );
  }
  return (
    <div className="mt-3 border-t border-slate-200 pt-3 admin-dark:border-slate-700">
      <h4 className="text-sm font-semibold text-slate-900 admin-dark:text-white">{label}</h4>
      {children}
      <Link to={`/admin/routes#${anchor}`} preventScrollReset className={`mt-3 inline-block ${link}`}>
        {t("routeFares.cancel")}
      </Link>
    </div>
  );
}

/** Delete, asked first (ConfirmDialog: an inline panel without JavaScript, a dialog with it): a route or zone is never gone in one click. */
function DeleteForm({
  intent,
  id,
  label,
  message,
}: {
  intent: "zone-delete" | "fare-delete";
  id: string;
  label: string;
  message: string;
}) {
  const { t } = useTranslation("admin");
  return (
    <div className="mt-3">
      <ConfirmDialog
        trigger={
          <>
            {t("routeFares.delete")}
            <span className="sr-only"> ({label})</span>
          </>
        }
        triggerVariant="danger"
        title={t("routeFares.deleteTitle")}
        message={message}
        confirmLabel={t("routeFares.delete")}
        action="/admin/routes"
        fields={{ intent, id }}
      />
    </div>
  );
}

/** The places an ambiguous name may mean, as radio buttons: pick one and save again. */
function Candidates({ name, list }: { name: string; list: PlaceSuggestion[] | undefined }) {
  const { t } = useTranslation("admin");
  if (!list?.length) return null;
  return (
    <fieldset className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm admin-dark:border-amber-700 admin-dark:bg-amber-950">
      <legend className="px-1 font-medium text-slate-900 admin-dark:text-white">{t("routeFares.pickOne")}</legend>
      <div className="space-y-1">
        {list.map((c, i) => (
          <label key={c.id} className="flex items-center gap-2 text-slate-800 admin-dark:text-slate-200">
            <input type="radio" name={name} value={c.id} defaultChecked={i === 0} className="accent-[var(--brand)]" />
            {c.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ZoneForm({ mode, zone, answer }: { mode: "add" | "save"; zone?: ZoneRow; answer: ActionData }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const formId = mode === "add" ? "zone-add" : `zone-${zone!.id}`;
  const [form, fields] = useForm({
    id: `form-${formId}`,
    lastResult: answer?.result,
    defaultValue: zone ? { name: zone.name, coords: `${zone.lat}, ${zone.lng}`, radius: String(zone.radiusKm).replace(".", ",") } : { radius: "5" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: routeFareSchemaFor(formData.get("intent")) }),
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === `zone-${mode}` && navigation.formData?.get("id") === (zone?.id ?? "");
  const body = (
    <Form method="post" action="/admin/routes" {...getFormProps(form)} className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_7rem_auto] lg:items-start">
      <input type="hidden" name="intent" value={`zone-${mode}`} />
      <input type="hidden" name="id" value={zone?.id ?? ""} />
      <TextField label={t("routeFares.zoneName")} help={mode === "add" ? t("routeFares.zoneNameHelp") : undefined} autoComplete="off" errors={fields.name.errors} {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} />
      <div className="space-y-2">
        <TextField label={t("routeFares.centrePlace")} list="route-places" autoComplete="off" errors={fields.place.errors} {...getInputProps(fields.place, { type: "text" })} key={fields.place.key} />
        <Candidates name="placeId" list={answer?.candidates.place} />
      </div>
      <TextField label={t("routeFares.centreCoords")} help={t("routeFares.centreCoordsHelp")} inputMode="decimal" autoComplete="off" errors={fields.coords.errors} {...getInputProps(fields.coords, { type: "text" })} key={fields.coords.key} />
      <TextField label={t("routeFares.radiusKm")} inputMode="decimal" errors={fields.radius.errors} {...getInputProps(fields.radius, { type: "text" })} key={fields.radius.key} />
      <button type="submit" disabled={busy} className={buttonClass("primary", "md", "lg:mt-6")}>
        {mode === "add" ? t("routeFares.addZone") : t("routeFares.save")}
      </button>
      {mode === "add" ? <ErrorList errors={form.errors} /> : null}
    </Form>
  );
  if (mode === "save") return body;
  return (
    <section aria-labelledby="zone-add-title" className={CARD}>
      <h3 id="zone-add-title" className="font-semibold text-slate-900 admin-dark:text-white">
        {t("routeFares.addZoneTitle")}
      </h3>
      {body}
    </section>
  );
}

function FareItem({ fare, zones, editing, answer }: { fare: FareRow; zones: ZoneRow[]; editing: boolean; answer: ActionData }) {
  const { t } = useTranslation("admin");
  const endLabel = useEndLabel();
  const km = useKm();
  const fmt = useAdminFormat();
  const heading = `${endLabel(fare.from)} ${fare.oneWay ? "→" : "↔"} ${endLabel(fare.to)}`;
  return (
    <li id={`fare-${fare.id}`} aria-label={heading} className={`scroll-mt-20 ${CARD}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-slate-900 admin-dark:text-white">{heading}</h3>
        <StatusBadge label={fare.oneWay ? t("routeFares.oneWay") : t("routeFares.bothWays")} tone="info" />
        <StatusBadge label={fare.active ? t("routeFares.active") : t("routeFares.inactive")} tone={fare.active ? "success" : "neutral"} />
      </div>
      <p className={`mt-1 text-sm ${MUTED}`}>
        {fare.road
          ? `${t("routeFares.road")}: ${km(fare.road.km)} · ${fmt.duration(fare.road.minutes * 60)}${fare.road.estimate ? ` (${t("routeFares.estimate")})` : ""}`
          : t("routeFares.noRoad")}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm md:grid-cols-3 xl:grid-cols-5">
        {fare.prices.map((p) => (
          <div key={p.category} className="rounded-lg bg-slate-50 px-3 py-2 admin-dark:bg-slate-800">
            <dt className={MUTED}>{p.category}</dt>
            <dd className="font-medium text-slate-900 admin-dark:text-white">
              {p.amount === null ? (
                <span className={`font-normal ${MUTED}`}>{t("routeFares.byDistance")}</span>
              ) : (
                <>
                  {formatTry(p.amount)}
                  {p.perKm !== null ? <span className={`ml-1 text-xs font-normal ${MUTED}`}>{t("routeFares.perKm", { value: formatTry(kurus(p.perKm * 100)) })}</span> : null}
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <EditPanel anchor={`fare-${fare.id}`} open={editing || Boolean(answer)} label={t("routeFares.editFare", { route: heading })}>
        <FareForm mode="save" fare={fare} zones={zones} answer={answer} />
        <DeleteForm
          intent="fare-delete"
          id={fare.id}
          label={t("routeFares.deleteFare", { route: heading })}
          message={t("routeFares.deleteFareConfirm", { route: heading })}
        />
      </EditPanel>
      {answer ? <ErrorList errors={answer.result.error?.[""] ?? undefined} /> : null}
    </li>
  );
}

function fareDefaults(fare: FareRow | undefined): Record<string, string | undefined> {
  if (!fare) return { active: "on" };
  const end = (side: "from" | "to", e: FareEndView) => ({ [`${side}Place`]: e.kind === "place" ? e.label : "", [`${side}Zone`]: e.zoneId ?? "" });
  return {
    ...end("from", fare.from),
    ...end("to", fare.to),
    oneWay: fare.oneWay ? "on" : undefined,
    active: fare.active ? "on" : undefined,
    ...Object.fromEntries(fare.prices.map((p) => [priceField(p.category), liraFieldText(p.amount ?? undefined)])),
  };
}

function FareForm({ mode, fare, zones, answer }: { mode: "add" | "save"; fare?: FareRow; zones: ZoneRow[]; answer: ActionData }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const formId = mode === "add" ? "fare-add" : `fare-${fare!.id}`;
  const [form, fields] = useForm<Record<string, string>>({
    id: `form-${formId}`,
    lastResult: answer?.result,
    defaultValue: fareDefaults(fare),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // the fields are named per category (priceField), so the form is typed as a record of texts
    onValidate: ({ formData }) => parseWithZod(formData, { schema: routeFareSchemaFor(formData.get("intent")) }) as unknown as Submission<Record<string, string>>,
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === `fare-${mode}` && navigation.formData?.get("id") === (fare?.id ?? "");
  const zoneOptions = [{ value: "", label: t("routeFares.noZone") }, ...zones.map((z) => ({ value: z.id, label: z.name }))];
  const end = (side: "from" | "to", legend: string): ReactNode => {
    const place = fields[`${side}Place`] as FieldMetadata<string>;
    const zone = fields[`${side}Zone`] as FieldMetadata<string>;
    return (
      <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-3 admin-dark:border-slate-700">
        <legend className="px-1 text-sm font-semibold text-slate-800 admin-dark:text-slate-200">{legend}</legend>
        <TextField label={t("routeFares.place")} list="route-places" autoComplete="off" errors={place.errors} {...getInputProps(place, { type: "text" })} key={place.key} />
        <Candidates name={`${side}PlaceId`} list={answer?.candidates[`${side}Place`]} />
        <SelectField label={t("routeFares.orZone")} options={zoneOptions} errors={zone.errors} {...getSelectProps(zone)} key={zone.key} />
      </fieldset>
    );
  };
  const checkbox = (name: "oneWay" | "active", label: string) => {
    const { key, ...props } = getInputProps(fields[name] as FieldMetadata<string>, { type: "checkbox" });
    return <Checkbox key={key} label={label} {...props} />;
  };
  const body = (
    <Form method="post" action="/admin/routes" {...getFormProps(form)} className="mt-3 space-y-3">
      <input type="hidden" name="intent" value={`fare-${mode}`} />
      <input type="hidden" name="id" value={fare?.id ?? ""} />
      <div className="grid gap-3 md:grid-cols-2">
        {end("from", t("routeFares.from"))}
        {end("to", t("routeFares.to"))}
      </div>
      <div className="flex flex-wrap gap-6">
        {checkbox("oneWay", t("routeFares.oneWayLabel"))}
        {checkbox("active", t("routeFares.activeLabel"))}
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800 admin-dark:text-slate-200">{t("routeFares.prices")}</legend>
        <p className={`text-xs ${MUTED}`}>{t("routeFares.pricesHelp")}</p>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {CAR_CATEGORIES.map((category) => {
            const meta = fields[priceField(category)] as FieldMetadata<string>;
            return <TextField label={t("routeFares.priceFor", { category })} inputMode="decimal" autoComplete="off" errors={meta.errors} {...getInputProps(meta, { type: "text" })} key={meta.key ?? category} />;
          })}
        </div>
      </fieldset>
      <button type="submit" disabled={busy} className={buttonClass("primary")}>
        {mode === "add" ? t("routeFares.addFare") : t("routeFares.save")}
      </button>
      {mode === "add" ? <ErrorList errors={form.errors} /> : null}
    </Form>
  );
  if (mode === "save") return body;
  return (
    <section aria-labelledby="fare-add-title" className={CARD}>
      <h3 id="fare-add-title" className="font-semibold text-slate-900 admin-dark:text-white">
        {t("routeFares.addFareTitle")}
      </h3>
      {body}
    </section>
  );
}
