/**
 * Ekstra hizmetler (/admin/extras): the extras a guest may add to a booking (child seats, the name
 * sign, an extra stop, extra waiting). One form per extra (edit, switch on/off, delete) and one to
 * add; every form works without JavaScript. A booking keeps a copy of the extras it took, so no
 * change here alters a booked booking.
 */
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/i18n/react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/extras";
import { createExtraSchema, MAX_EXTRA_NAME, updateExtraSchema } from "~/admin/extras";
import { handleExtraForm } from "~/admin/extras.server";
import { AdminPage, Alert, Checkbox, ConfirmDialog, EmptyState, ErrorList, SelectField, StatusBadge, TextField, buttonClass } from "~/admin/ui";
import { EXTRA_PRICING, MAX_EXTRA_QUANTITY, extraName, type Extra } from "~/booking/rules/extras";
import { readExtras } from "~/pricing/pricing.server";
import { getApp } from "~/server/context";
import { formatTry, kurus } from "~/utils/money";

const DONE = ["created", "updated", "toggled", "deleted"] as const;
type Done = (typeof DONE)[number];
const DONE_OF = { create: "created", update: "updated", toggle: "toggled", delete: "deleted" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const done = new URL(request.url).searchParams.get("done");
  return { extras: await readExtras(db.kysely), done: DONE.includes(done as Done) ? (done as Done) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, log } = getApp(context);
  const outcome = await handleExtraForm(db.kysely, await request.formData(), { log });
  if (!outcome.ok) return data({ formId: outcome.formId, result: outcome.result }, { status: outcome.status });
  const anchor = outcome.extra && outcome.intent !== "delete" ? `#extra-${outcome.extra.id}` : "";
  throw redirect(`/admin/extras?done=${DONE_OF[outcome.intent]}${anchor}`);
}

type ActionData = { formId: string; result: SubmissionResult<string[]> } | undefined;

/** The forms' fields as text (what a form posts). */
type ExtraFormShape = {
  intent: string;
  id?: string;
  code?: string;
  names: { tr: string; en: string; de: string; ru: string };
  price: string;
  pricing: string;
  maxQuantity: string;
  needsText: string;
  active: string;
  sortOrder: string;
};

/** Kuruş as the office types lira back into the form: "1.250,5", "300". */
const liraText = (amount: number) => (amount / 100).toLocaleString("tr-TR", { maximumFractionDigits: 2 });

export default function Extras({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { extras, done } = loaderData;
  const answered = actionData as ActionData;
  const title = t("extras.title");
  return (
    <AdminPage title={title} description={t("extras.intro")}>
      <title>{`${title} · ${t("shell.brand")}`}</title>
      {done ? <Alert tone="success">{t(`extras.done.${done}`)}</Alert> : null}
      {extras.length === 0 ? (
        <EmptyState title={t("extras.empty")} />
      ) : (
        <ul className="space-y-3" aria-label={t("extras.listLabel")}>
          {extras.map((extra) => (
            <ExtraRow key={extra.id} extra={extra} lastResult={answered?.formId === `extra-${extra.id}` ? answered.result : undefined} />
          ))}
        </ul>
      )}
      <AddExtraForm lastResult={answered?.formId === "extra-add" ? answered.result : undefined} />
    </AdminPage>
  );
}

function ExtraRow({ extra, lastResult }: { extra: Extra; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t, i18n } = useTranslation("admin");
  const name = extraName(extra.names, i18n.language);
  const facts: Array<[string, string]> = [
    [t("extras.fields.code"), extra.code],
    [t("extras.fields.price"), `${formatTry(kurus(extra.price))} · ${t(`extras.pricing.${extra.pricing}`)}`],
    [t("extras.fields.maxQuantity"), String(extra.maxQuantity)],
    [t("extras.fields.needsText"), extra.needsText ? t("extras.yes") : t("extras.no")],
    [t("extras.fields.sortOrder"), String(extra.sortOrder)],
  ];
  return (
    <li
      id={`extra-${extra.id}`}
      aria-label={name}
      className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-4 shadow-sm admin-dark:border-slate-800 admin-dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold text-slate-900 admin-dark:text-white">{name}</h2>
            <StatusBadge label={extra.active ? t("extras.active") : t("extras.inactive")} tone={extra.active ? "success" : "neutral"} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-500 admin-dark:text-slate-400">{label}</dt>
                <dd className="text-slate-800 admin-dark:text-slate-200">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Form method="post" action="/admin/extras">
            <input type="hidden" name="intent" value="toggle" />
            <input type="hidden" name="id" value={extra.id} />
            <button type="submit" className={buttonClass("secondary", "sm")}>
              {extra.active ? t("extras.deactivate") : t("extras.activate")}
              <span className="sr-only"> ({name})</span>
            </button>
          </Form>
          <ConfirmDialog
            trigger={
              <>
                {t("ui.delete")}
                <span className="sr-only"> ({name})</span>
              </>
            }
            triggerVariant="danger"
            title={t("extras.deleteTitle")}
            message={t("extras.deleteConfirm", { name })}
            confirmLabel={t("ui.delete")}
            action="/admin/extras"
            fields={{ intent: "delete", id: extra.id }}
          />
        </div>
      </div>
      <details className="group mt-3" open={lastResult ? true : undefined}>
        <summary className={buttonClass("ghost", "sm", "cursor-pointer")}>
          {t("ui.edit")}
          <span className="sr-only"> ({name})</span>
        </summary>
        <EditExtraForm extra={extra} lastResult={lastResult} />
      </details>
    </li>
  );
}

function EditExtraForm({ extra, lastResult }: { extra: Extra; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  // not the row's id (`extra-<id>`, the redirect's anchor): the fields point at their form by id
  const [form, fields] = useForm<ExtraFormShape, unknown>({
    id: `extra-form-${extra.id}`,
    lastResult,
    defaultValue: {
      names: extra.names,
      price: liraText(extra.price),
      pricing: extra.pricing,
      maxQuantity: String(extra.maxQuantity),
      needsText: extra.needsText ? "on" : "",
      active: extra.active ? "on" : "",
      sortOrder: String(extra.sortOrder),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateExtraSchema }),
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === extra.id;
  return (
    <Form method="post" action="/admin/extras" {...getFormProps(form)} className="mt-3 space-y-3">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={extra.id} />
      <ExtraFields fields={fields} />
      <ErrorList errors={form.errors} />
      <button type="submit" disabled={busy} className={buttonClass("primary")}>
        {t("ui.save")}
      </button>
    </Form>
  );
}

function AddExtraForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const [form, fields] = useForm<ExtraFormShape, unknown>({
    id: "extra-add",
    lastResult,
    defaultValue: { pricing: "unit", maxQuantity: "1", active: "on", sortOrder: "0" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createExtraSchema }),
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  return (
    <section aria-labelledby="extra-add-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm admin-dark:border-slate-800 admin-dark:bg-slate-900">
      <h2 id="extra-add-title" className="font-semibold text-slate-900 admin-dark:text-white">
        {t("extras.addTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 admin-dark:text-slate-400">{t("extras.addIntro")}</p>
      <Form method="post" action="/admin/extras" {...getFormProps(form)} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="create" />
        <TextField
          label={t("extras.fields.code")}
          help={t("extras.codeHelp")}
          autoComplete="off"
          maxLength={40}
          className="sm:max-w-xs"
          errors={fields.code.errors}
          {...getInputProps(fields.code, { type: "text" })}
          key={fields.code.key}
        />
        <ExtraFields fields={fields} />
        <ErrorList errors={form.errors} />
        <button type="submit" disabled={busy} className={buttonClass("primary")}>
          {t("extras.add")}
        </button>
      </Form>
    </section>
  );
}

type ExtraFieldset = ReturnType<typeof useForm<ExtraFormShape, unknown>>[1];

/** The fields an extra has on both forms: the names, the price and its basis, the limits, the flags. */
function ExtraFields({ fields }: { fields: ExtraFieldset }) {
  const { t } = useTranslation("admin");
  const names = fields.names.getFieldset();
  const f = fields;
  return (
    <>
      <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="mb-1 text-sm font-medium text-slate-700 admin-dark:text-slate-300">{t("extras.fields.names")}</legend>
        {(["tr", "en", "de", "ru"] as const).map((lng) => (
          <TextField
            label={t(`extras.languages.${lng}`)}
            lang={lng}
            maxLength={MAX_EXTRA_NAME}
            errors={names[lng].errors}
            {...getInputProps(names[lng], { type: "text" })}
            // the language keeps the list's keys apart (Conform's own key is unset until a reset)
            key={`${lng}:${names[lng].key ?? ""}`}
          />
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField label={t("extras.fields.priceTry")} help={t("extras.priceHelp")} inputMode="decimal" errors={f.price.errors} {...getInputProps(f.price, { type: "text" })} key={f.price.key} />
        <SelectField
          label={t("extras.fields.pricing")}
          errors={f.pricing.errors}
          options={EXTRA_PRICING.map((value) => ({ value, label: t(`extras.pricing.${value}`) }))}
          {...getSelectProps(f.pricing)}
          key={f.pricing.key}
        />
        <TextField
          label={t("extras.fields.maxQuantity")}
          help={t("extras.maxHelp", { max: MAX_EXTRA_QUANTITY })}
          inputMode="numeric"
          errors={f.maxQuantity.errors}
          {...getInputProps(f.maxQuantity, { type: "text" })}
          key={f.maxQuantity.key}
        />
        <TextField label={t("extras.fields.sortOrder")} inputMode="numeric" errors={f.sortOrder.errors} {...getInputProps(f.sortOrder, { type: "text" })} key={f.sortOrder.key} />
      </div>
      <div className="flex flex-wrap gap-6">
        <Checkbox label={t("extras.fields.needsText")} help={t("extras.needsTextHelp")} errors={f.needsText.errors} {...getInputProps(f.needsText, { type: "checkbox" })} key={f.needsText.key} />
        <Checkbox label={t("extras.fields.active")} help={t("extras.activeHelp")} errors={f.active.errors} {...getInputProps(f.active, { type: "checkbox" })} key={f.active.key} />
      </div>
    </>
  );
}
