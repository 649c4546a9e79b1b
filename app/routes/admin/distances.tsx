/**
 * Mesafeler (/admin/distances): the published road distances between the region's places and the
 * office's corrections, which new quotes use within seconds. One form per row (correct, or go back
 * to the published figure) and one to add a pair; every form works without JavaScript.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/i18n/react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/distances";
import { addDistanceSchema, saveDistanceSchema } from "~/admin/distances";
import { distanceRows, handleDistanceForm, regionPlaceLabels, type DistanceRow } from "~/admin/distances.server";
import { useAdminFormat } from "~/admin/i18n";
import { AdminPage, Alert, EmptyState, ErrorList, TextField, buttonClass } from "~/admin/ui";
import { adminUser } from "~/auth/guard.server";
import { LOCALE_TAGS } from "~/i18n/config";
import { getApp } from "~/server/context";

const DONE = ["saved", "reset", "added", "removed"] as const;
type Done = (typeof DONE)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const done = url.searchParams.get("done");
  const { rows, total } = await distanceRows(db.kysely, q);
  return { q, rows, total, places: regionPlaceLabels(), done: DONE.includes(done as Done) ? (done as Done) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, log } = getApp(context);
  const outcome = await handleDistanceForm(db.kysely, await request.formData(), { by: adminUser(context).id, log });
  if (!outcome.ok) return data({ formId: outcome.formId, result: outcome.result }, { status: outcome.status });
  const q = new URL(request.url).searchParams.get("q");
  const done: Done = outcome.intent === "add" ? "added" : outcome.intent === "save" ? "saved" : outcome.published ? "reset" : "removed";
  const params = new URLSearchParams({ ...(q ? { q } : {}), done });
  throw redirect(`/admin/distances?${params.toString()}#row-${encodeURIComponent(outcome.key)}`);
}

type ActionData = { formId: string; result: SubmissionResult<string[]> } | undefined;

/** "38 km", "38,5 km": one decimal at most, in the admin language. */
function useFigures() {
  const { t, i18n } = useTranslation("admin");
  const fmt = useAdminFormat();
  const tag = LOCALE_TAGS[i18n.language as keyof typeof LOCALE_TAGS] ?? LOCALE_TAGS.tr;
  return (figure: { km: number; minutes: number }) =>
    `${t("units.km", { value: figure.km.toLocaleString(tag, { maximumFractionDigits: 1 }) })} · ${fmt.duration(figure.minutes * 60)}`;
}

export default function Distances({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { q, rows, total, places, done } = loaderData;
  const answered = actionData as ActionData;
  const title = t("distances.title");
  return (
    <AdminPage title={title} description={t("distances.intro")}>
      <title>{`${title} · ${t("shell.brand")}`}</title>
      {done ? <Alert tone="success">{t(`distances.done.${done}`)}</Alert> : null}

      <Form method="get" role="search" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <TextField id="distance-q" label={t("ui.search")} type="search" name="q" defaultValue={q} placeholder={t("distances.searchPlaceholder")} />
        <button type="submit" className={buttonClass("primary")}>
          {t("ui.filter")}
        </button>
      </Form>

      <AddPairForm places={places} lastResult={answered?.formId === "add" ? answered.result : undefined} q={q} />

      <p className="text-sm text-slate-600 admin-dark:text-slate-400">{t("distances.count", { shown: rows.length, total })}</p>
      {rows.length === 0 ? (
        <EmptyState title={t("distances.empty")} />
      ) : (
        <ul className="space-y-3">
          {rows.map((row) => (
            <DistanceRowItem key={row.key} row={row} q={q} lastResult={answered?.formId === row.key ? answered.result : undefined} />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}

const actionUrl = (q: string) => (q ? `/admin/distances?${new URLSearchParams({ q }).toString()}` : "/admin/distances");

function DistanceRowItem({ row, q, lastResult }: { row: DistanceRow; q: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("admin");
  const fmt = useAdminFormat();
  const figures = useFigures();
  const navigation = useNavigation();
  const current = row.corrected ?? row.published;
  const [form, fields] = useForm({
    id: `distance-${row.key}`,
    lastResult,
    defaultValue: { km: current ? String(current.km) : "", minutes: current ? String(current.minutes) : "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: saveDistanceSchema }),
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("pair") === row.key;
  const heading = `${row.a.label} ↔ ${row.b.label}`;
  return (
    <li
      id={`row-${row.key}`}
      aria-label={heading}
      className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-4 shadow-sm admin-dark:border-slate-800 admin-dark:bg-slate-900"
    >
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-start">
        <div className="min-w-0 space-y-1">
          <h2 className="font-semibold text-slate-900 admin-dark:text-white">{heading}</h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500 admin-dark:text-slate-400">{t("distances.published")}</dt>
            <dd className="text-slate-800 admin-dark:text-slate-200">{row.published ? figures(row.published) : t("distances.notPublished")}</dd>
            <dt className="text-slate-500 admin-dark:text-slate-400">{t("distances.corrected")}</dt>
            <dd className="text-slate-800 admin-dark:text-slate-200">
              {row.corrected ? (
                <>
                  <span className="font-medium">{figures(row.corrected)}</span>{" "}
                  <span className="text-slate-500 admin-dark:text-slate-400">
                    {t("distances.correctedBy", { name: row.corrected.by ?? t("ui.notSpecified"), date: fmt.date(row.corrected.at) })}
                  </span>
                </>
              ) : (
                t("distances.notCorrected")
              )}
            </dd>
          </dl>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <Form method="post" action={actionUrl(q)} {...getFormProps(form)} aria-label={t("distances.editLabel", { pair: heading })} className="grid w-full grid-cols-2 items-start gap-2 sm:flex sm:w-auto">
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="pair" value={row.key} />
            <TextField label={t("distances.km")} className="sm:w-28" inputMode="decimal" errors={fields.km.errors} {...getInputProps(fields.km, { type: "text" })} key={fields.km.key} />
            <TextField label={t("distances.minutes")} className="sm:w-28" inputMode="numeric" errors={fields.minutes.errors} {...getInputProps(fields.minutes, { type: "text" })} key={fields.minutes.key} />
            <button type="submit" disabled={busy} className={buttonClass("primary", "md", "col-span-2 sm:mt-6")}>
              {t("distances.save")}
            </button>
          </Form>
          {row.corrected ? (
            <Form method="post" action={actionUrl(q)} className="w-full sm:w-auto">
              <input type="hidden" name="intent" value="reset" />
              <input type="hidden" name="pair" value={row.key} />
              <button type="submit" className={buttonClass("secondary", "md", "w-full sm:mt-6 sm:w-auto")}>
                {row.published ? t("distances.reset") : t("distances.remove")}
              </button>
            </Form>
          ) : null}
        </div>
      </div>
      <ErrorList errors={form.errors} />
    </li>
  );
}

function AddPairForm({ places, lastResult, q }: { places: string[]; lastResult: SubmissionResult<string[]> | undefined; q: string }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "distance-add",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addDistanceSchema }),
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  return (
    <section aria-labelledby="distance-add-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm admin-dark:border-slate-800 admin-dark:bg-slate-900">
      <h2 id="distance-add-title" className="font-semibold text-slate-900 admin-dark:text-white">
        {t("distances.addTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 admin-dark:text-slate-400">{t("distances.addIntro")}</p>
      <Form method="post" action={actionUrl(q)} {...getFormProps(form)} className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_7rem_7rem_auto] lg:items-start">
        <input type="hidden" name="intent" value="add" />
        <TextField label={t("distances.from")} list="distance-places" autoComplete="off" errors={fields.from.errors} {...getInputProps(fields.from, { type: "text" })} key={fields.from.key} />
        <TextField label={t("distances.to")} list="distance-places" autoComplete="off" errors={fields.to.errors} {...getInputProps(fields.to, { type: "text" })} key={fields.to.key} />
        <TextField label={t("distances.km")} inputMode="decimal" errors={fields.km.errors} {...getInputProps(fields.km, { type: "text" })} key={fields.km.key} />
        <TextField label={t("distances.minutes")} inputMode="numeric" errors={fields.minutes.errors} {...getInputProps(fields.minutes, { type: "text" })} key={fields.minutes.key} />
        <button type="submit" disabled={busy} className={buttonClass("primary", "md", "lg:mt-6")}>
          {t("distances.add")}
        </button>
      </Form>
      <ErrorList errors={form.errors} />
      <datalist id="distance-places">
        {places.map((label) => (
          <option key={label} value={label} />
        ))}
      </datalist>
    </section>
  );
}
