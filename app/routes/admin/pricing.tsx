/**
 * Fiyatlandırma ve kurlar (/admin/pricing): the rules every price follows (night surcharge, return
 * discount, minimum fares, hourly hire, free waiting) and the exchange rates visitors read prices
 * in, with the day they were set. One form, saved into the settings; works without JavaScript.
 */
import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/i18n/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/pricing";
import { pricingFormSchema, pricingFormValues } from "~/admin/pricing-settings";
import { handlePricingForm } from "~/admin/pricing-settings.server";
import { AdminPage, Alert, Card, CONTROL, ErrorList, TextField, buttonClass } from "~/admin/ui";
import { adminUser } from "~/auth/guard.server";
import { CAR_CATEGORIES } from "~/fleet/car";
import { LOCALE_TAGS } from "~/i18n/config";
import { convertKurus, formatCurrency, FOREIGN_CURRENCIES, rateFromText, type CurrencyRates } from "~/pricing/currency";
import { WAITING_EXTRA_CODE } from "~/booking/rules/extras";
import { readExtras } from "~/pricing/pricing.server";
import { parseTypedNumber } from "~/admin/typed-number";
import { adminAudit } from "~/audit/context.server";
import { getApp } from "~/server/context";
import { getSettings } from "~/settings/settings.server";
import { formatTry, kurus } from "~/utils/money";

const DONE = ["saved", "ratesSaved"] as const;
type Done = (typeof DONE)[number];

/** The example amount converted beside the rates: 2.000 ₺. */
const EXAMPLE_KURUS = kurus(200_000);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const [settings, extras] = await Promise.all([getSettings(db.kysely), readExtras(db.kysely)]);
  const waiting = extras.find((e) => e.code === WAITING_EXTRA_CODE && e.active) ?? null;
  const done = new URL(request.url).searchParams.get("done");
  return {
    values: pricingFormValues(settings),
    rates: settings.currency.rates,
    ratesSetAt: settings.currency.ratesSetAt,
    waitingPrice: waiting ? waiting.price : null,
    done: DONE.includes(done as Done) ? (done as Done) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, log } = getApp(context);
  const outcome = await handlePricingForm(db.kysely, await request.formData(), { by: adminUser(context).id, log, audit: adminAudit(context) });
  if (!outcome.ok) return data({ result: outcome.result }, { status: outcome.status });
  throw redirect(`/admin/pricing?done=${outcome.ratesChanged ? "ratesSaved" : "saved"}`);
}

type ActionData = { result: SubmissionResult<string[]> } | undefined;

/** "20.11.2026" for a stored YYYY-MM-DD, in the admin language's order. */
function useDay() {
  const { i18n } = useTranslation("admin");
  const tag = LOCALE_TAGS[i18n.language as keyof typeof LOCALE_TAGS] ?? LOCALE_TAGS.tr;
  return (day: string) => new Intl.DateTimeFormat(tag, { timeZone: "UTC", day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date(`${day}T00:00:00Z`));
}

type Field = FieldMetadata<string | undefined>;

export default function Pricing({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const { values, rates, ratesSetAt, waitingPrice, done } = loaderData;
  const day = useDay();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "pricing",
    lastResult: (actionData as ActionData)?.result,
    defaultValue: values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pricingFormSchema }),
  });
  const minimums = fields.minimumFares.getFieldset() as unknown as Record<string, Field>;
  const rateFields = fields.rates.getFieldset() as unknown as Record<string, Field>;
  const busy = navigation.state === "submitting";
  const failed = Boolean((actionData as ActionData)?.result) && Object.keys(form.allErrors).length > 0;
  const title = t("pricingPage.title");
  const num = (field: Field, label: string, help?: string, props: { inputMode?: "numeric" | "decimal"; className?: string } = {}) => (
    <TextField label={label} help={help} inputMode={props.inputMode ?? "numeric"} className={props.className} errors={field.errors} {...getInputProps(field, { type: "text" })} key={field.key} />
  );

  // The example follows the EUR rate as typed (with JavaScript), else the stored one.
  const typedEur = rateFromText(parseTypedNumber(rateFields.EUR?.value, { grouping: false, decimals: 4 }) ?? Number.NaN);
  const exampleRates: CurrencyRates = { ...rates, EUR: Number.isFinite(typedEur) ? typedEur : rates.EUR };
  const example = t("pricingPage.example", {
    lira: formatTry(EXAMPLE_KURUS),
    converted: formatCurrency(convertKurus(EXAMPLE_KURUS, "EUR", exampleRates), "EUR", i18n.language),
  });

  return (
    <AdminPage title={title} description={t("pricingPage.intro")}>
      <title>{`${title} · ${t("shell.brand")}`}</title>
      {done ? <Alert tone="success">{t(`pricingPage.done.${done}`)}</Alert> : null}
      {failed ? <Alert tone="error">{t("pricingPage.notSaved")}</Alert> : null}
      <Form method="post" action="/admin/pricing" {...getFormProps(form)} className="space-y-6">
        <div className="grid gap-6 xl:grid-cols-2">
          <Card title={t("pricingPage.night.title")}>
            <p className="mb-3 text-sm text-slate-600 admin-dark:text-slate-400">{t("pricingPage.night.help")}</p>
            <div className="grid gap-3 sm:grid-cols-3 admin-dark:[color-scheme:dark]">
              <TextField label={t("pricingPage.night.start")} errors={fields.nightStart.errors} {...getInputProps(fields.nightStart, { type: "time" })} key={fields.nightStart.key} />
              <TextField label={t("pricingPage.night.end")} errors={fields.nightEnd.errors} {...getInputProps(fields.nightEnd, { type: "time" })} key={fields.nightEnd.key} />
              {num(fields.nightPercent, t("pricingPage.night.percent"))}
            </div>
          </Card>

          <Card title={t("pricingPage.returnTrip.title")}>
            <p className="mb-3 text-sm text-slate-600 admin-dark:text-slate-400">{t("pricingPage.returnTrip.help")}</p>
            {num(fields.returnDiscountPercent, t("pricingPage.returnTrip.percent"), undefined, { className: "sm:max-w-xs" })}
          </Card>
        </div>

        <Card title={t("pricingPage.minimum.title")}>
          <p className="mb-3 text-sm text-slate-600 admin-dark:text-slate-400">{t("pricingPage.minimum.help")}</p>
          {num(fields.defaultMinimum, t("pricingPage.minimum.default"), undefined, { inputMode: "decimal", className: "mb-4 sm:max-w-xs" })}
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {CAR_CATEGORIES.map((category) => {
              const field = minimums[category]!;
              return (
                // a category name may hold a space ("Ultra Luxury"): the control gets an id of its own
                <TextField
                  key={`${category}:${field.key ?? ""}`}
                  label={t("pricingPage.minimum.category", { category })}
                  id={`pricing-minimum-${CAR_CATEGORIES.indexOf(category)}`}
                  name={field.name}
                  defaultValue={typeof field.initialValue === "string" ? field.initialValue : undefined}
                  inputMode="decimal"
                  placeholder={values.defaultMinimum}
                  errors={field.errors}
                />
              );
            })}
          </div>
        </Card>

        <div className="grid gap-6 xl:grid-cols-2">
          <Card title={t("pricingPage.hourly.title")}>
            <div className="grid gap-3 sm:grid-cols-3">
              {num(fields.hourlyMinHours, t("pricingPage.hourly.minHours"))}
              {num(fields.hourlyMaxHours, t("pricingPage.hourly.maxHours"))}
              {num(fields.includedKmPerHour, t("pricingPage.hourly.kmPerHour"))}
            </div>
          </Card>

          <Card title={t("pricingPage.waiting.title")}>
            <div className="grid gap-3 sm:grid-cols-2">
              {num(fields.freeWaitingAirportMinutes, t("pricingPage.waiting.airport"))}
              {num(fields.freeWaitingOtherMinutes, t("pricingPage.waiting.other"))}
            </div>
            <p className="mt-3 text-sm text-slate-600 admin-dark:text-slate-400">
              {waitingPrice === null ? t("pricingPage.waiting.noExtra") : t("pricingPage.waiting.after", { price: formatTry(kurus(waitingPrice)) })}{" "}
              <Link to="/admin/extras" className="font-medium text-brand underline underline-offset-2">
                {t("pricingPage.waiting.link")}
              </Link>
            </p>
          </Card>
        </div>

        <Card title={t("pricingPage.rates.title")}>
          <p className="mb-3 text-sm text-slate-600 admin-dark:text-slate-400">{t("pricingPage.rates.help")}</p>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {FOREIGN_CURRENCIES.map((currency) => {
              const field = rateFields[currency]!;
              return (
                <div key={currency}>
                  <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-slate-700 admin-dark:text-slate-300">
                    {t("pricingPage.rates.label", { currency })}
                  </label>
                  <div className="flex items-center gap-2">
                    <span aria-hidden="true" className="shrink-0 text-sm text-slate-600 admin-dark:text-slate-400">
                      1 {currency} =
                    </span>
                    <input {...getInputProps(field, { type: "text" })} key={field.key} inputMode="decimal" className={`${CONTROL} min-w-0 flex-1`} />
                    <span aria-hidden="true" className="shrink-0 text-sm text-slate-600 admin-dark:text-slate-400">
                      ₺
                    </span>
                  </div>
                  <ErrorList id={field.errorId} errors={field.errors} />
                </div>
              );
            })}
          </div>
          <p className="mt-3 text-sm font-medium text-slate-800 admin-dark:text-slate-200" data-testid="rates-set-at">
            {t("pricingPage.rates.setAt", { date: day(ratesSetAt) })}
          </p>
          <p className="mt-1 text-sm text-slate-600 admin-dark:text-slate-400" aria-live="polite">
            {example}
          </p>
        </Card>

        <ErrorList errors={form.errors} />
        <button type="submit" disabled={busy} className={buttonClass("primary")}>
          {busy ? t("ui.saving") : t("pricingPage.save")}
        </button>
      </Form>
    </AdminPage>
  );
}
