/**
 * The settings screen's "Ödeme" tab (issue 30): how the guest pays the driver on arrival (cash,
 * card) and which currencies the driver takes in cash. The booking pages, the confirmation, the
 * private page and the mails say what is owed on arrival from these.
 */
import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import type { z } from "zod";
import { useTranslation } from "~/i18n/react";
import { Checkbox, ErrorList, TextField } from "~/admin/ui";
import { CURRENCIES } from "~/pricing/currency";
import type { settingsFormSchema } from "~/settings/settings-form";

type FormInput = z.input<typeof settingsFormSchema>;
type PaymentsFields = FieldMetadata<FormInput["payments"], FormInput, string[]>;

export function PaymentsPanel({ payments }: { payments: PaymentsFields }) {
  const { t } = useTranslation("admin");
  const p = payments.getFieldset();
  const chosen = new Set((Array.isArray(p.driverCurrencies.initialValue) ? p.driverCurrencies.initialValue : [p.driverCurrencies.initialValue]).filter(Boolean) as string[]);
  const currencyErrors = p.driverCurrencies.errors;
  const box = (meta: typeof p.arrivalCash) => {
    const { key: _key, ...props } = getInputProps(meta, { type: "checkbox" });
    return props;
  };
  return (
    <div className="space-y-8">
      <p className="max-w-2xl text-sm text-slate-600 admin-dark:text-slate-400">{t("payments.settings.intro")}</p>
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold">{t("payments.settings.arrivalTitle")}</legend>
        <Checkbox label={t("payments.settings.arrivalCash")} help={t("payments.settings.arrivalCashHelp")} errors={p.arrivalCash.errors} {...box(p.arrivalCash)} />
        <Checkbox label={t("payments.settings.arrivalCard")} help={t("payments.settings.arrivalCardHelp")} errors={p.arrivalCard.errors} {...box(p.arrivalCard)} />
      </fieldset>
      <fieldset aria-describedby={`${p.driverCurrencies.id}-help${currencyErrors?.length ? ` ${p.driverCurrencies.id}-error` : ""}`}>
        <legend className="text-base font-semibold">{t("payments.settings.currenciesTitle")}</legend>
        <p id={`${p.driverCurrencies.id}-help`} className="mt-1 text-sm text-slate-600 admin-dark:text-slate-400">
          {t("payments.settings.currenciesHelp")}
        </p>
        <div className="mt-3 flex flex-wrap gap-x-6 gap-y-3">
          {CURRENCIES.map((code) => (
            <label key={code} className="inline-flex min-h-6 items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                name={p.driverCurrencies.name}
                value={code}
                defaultChecked={chosen.has(code)}
                aria-invalid={currencyErrors?.length ? true : undefined}
                className="size-4 rounded border-slate-300 accent-[var(--brand)] admin-dark:border-slate-600"
              />
              {code}
            </label>
          ))}
        </div>
        <ErrorList id={`${p.driverCurrencies.id}-error`} errors={currencyErrors} />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold">{t("payments.settings.receiptTitle")}</legend>
        <p className="max-w-2xl text-sm text-slate-600 admin-dark:text-slate-400">{t("payments.settings.receiptHelp")}</p>
        <div className="grid gap-5 md:grid-cols-2">
          <TextField label={t("payments.settings.companyName")} help={t("payments.settings.companyNameHelp")} meta={p.companyName} maxLength={100} />
          <TextField label={t("payments.settings.taxOffice")} meta={p.taxOffice} maxLength={100} />
          <TextField label={t("payments.settings.taxNumber")} help={t("payments.settings.taxNumberHelp")} meta={p.taxNumber} inputMode="numeric" maxLength={11} />
          <TextField label={t("payments.settings.kdvPercent")} help={t("payments.settings.kdvPercentHelp")} meta={p.kdvPercent} type="number" min={0} max={100} step={1} inputMode="numeric" />
        </div>
      </fieldset>
    </div>
  );
}
