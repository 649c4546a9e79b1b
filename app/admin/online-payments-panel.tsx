/**
 * The "Ödeme" tab's online part (issue 30): what the site offers (on arrival, a deposit online,
 * the whole fare online), the deposit, how long an unpaid booking keeps its car, what a late
 * cancellation keeps, and each channel's and car category's own rule. Said plainly when the server
 * has no provider keys: then the site offers pay-on-arrival only, whatever is set here.
 */
import type { FieldMetadata } from "@conform-to/react";
import type { z } from "zod";
import { useTranslation } from "~/i18n/react";
import { ErrorList, SelectField, TextField } from "~/admin/ui";
import { CAR_CATEGORIES } from "~/fleet/car";
import { BOOKING_CHANNELS, PAY_MODES } from "~/server/db/schema";
import type { settingsFormSchema } from "~/settings/settings-form";

type FormInput = z.input<typeof settingsFormSchema>;
type PaymentsFields = FieldMetadata<FormInput["payments"], FormInput, string[]>;

const listOf = (value: unknown): string[] => (Array.isArray(value) ? value : value ? [value] : []).filter((v): v is string => typeof v === "string");
const recordOf = (value: unknown): Record<string, string> => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, string>) : {});

export function OnlinePaymentsPanel({ payments, provider }: { payments: PaymentsFields; provider: string | null }) {
  const { t } = useTranslation("admin");
  const p = payments.getFieldset();
  const modes = new Set(listOf(p.payModes.initialValue));
  const channelRules = recordOf(p.channelRules.initialValue);
  const categoryRules = recordOf(p.categoryRules.initialValue);
  const ruleOptions = [
    { value: "", label: t("payments.online.ruleGeneral") },
    { value: "arrival", label: t("payments.online.ruleArrival") },
    { value: "online", label: t("payments.online.ruleOnline") },
  ];
  const select = "min-h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm admin-dark:border-slate-600 admin-dark:bg-slate-900";
  const rulesTable = (kind: "channel" | "category", keys: readonly string[], rules: Record<string, string>, label: (key: string) => string) => (
    <table className="mt-3 w-full max-w-xl text-sm">
      <tbody>
        {keys.map((key) => (
          <tr key={key} className="border-t border-slate-200 admin-dark:border-slate-700">
            <th scope="row" className="w-1/2 py-2 pr-4 text-left font-medium">
              <label htmlFor={`pay-rule-${kind}-${key}`}>{label(key)}</label>
            </th>
            <td className="py-2">
              <select id={`pay-rule-${kind}-${key}`} name={`payments.${kind}Rules.${key}`} defaultValue={rules[key] ?? ""} className={select}>
                {ruleOptions.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <fieldset className="space-y-5" data-testid="online-payments">
      <legend className="text-base font-semibold">{t("payments.online.title")}</legend>
      <p className="max-w-2xl text-sm text-slate-600 admin-dark:text-slate-400" role="status">
        {provider ? t("payments.online.providerOn", { provider: provider === "iyzico" ? "iyzico" : "Stripe" }) : t("payments.online.providerOff")}
      </p>
      <div aria-describedby={p.payModes.errors?.length ? `${p.payModes.id}-error` : undefined}>
        <p className="text-sm font-medium">{t("payments.online.modesTitle")}</p>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-3">
          {PAY_MODES.map((mode) => (
            <label key={mode} className="inline-flex min-h-6 items-center gap-2 text-sm font-medium">
              <input type="checkbox" name={p.payModes.name} value={mode} defaultChecked={modes.has(mode)} className="size-4 rounded border-slate-300 accent-[var(--brand)]" />
              {t(`payments.online.mode.${mode}`)}
            </label>
          ))}
        </div>
        <ErrorList id={`${p.payModes.id}-error`} errors={p.payModes.errors} />
      </div>
      <div className="grid gap-5 md:grid-cols-2">
        <SelectField
          label={t("payments.online.depositKind")}
          meta={p.depositKind}
          options={[
            { value: "percent", label: t("payments.online.depositKindPercent") },
            { value: "fixed", label: t("payments.online.depositKindFixed") },
          ]}
        />
        <TextField label={t("payments.online.depositPercent")} meta={p.depositPercent} type="number" min={1} max={100} step={1} inputMode="numeric" />
        <TextField label={t("payments.online.depositFixed")} help={t("payments.online.depositFixedHelp")} meta={p.depositFixed} type="number" min={1} step={1} inputMode="numeric" />
        <TextField label={t("payments.online.holdMinutes")} help={t("payments.online.holdMinutesHelp")} meta={p.holdMinutes} type="number" min={10} max={1440} step={1} inputMode="numeric" />
        <TextField label={t("payments.online.lateFee")} help={t("payments.online.lateFeeHelp")} meta={p.lateCancelFeePercent} type="number" min={0} max={100} step={1} inputMode="numeric" />
      </div>
      <details className="rounded-xl border border-slate-200 p-4 admin-dark:border-slate-700">
        <summary className="cursor-pointer text-sm font-semibold">{t("payments.online.rulesTitle")}</summary>
        <p className="mt-2 max-w-2xl text-sm text-slate-600 admin-dark:text-slate-400">{t("payments.online.rulesHelp")}</p>
        <h3 className="mt-4 text-sm font-semibold">{t("payments.online.byChannel")}</h3>
        {rulesTable("channel", BOOKING_CHANNELS, channelRules, (c) => t(`channels.${c}`))}
        <h3 className="mt-4 text-sm font-semibold">{t("payments.online.byCategory")}</h3>
        {rulesTable("category", CAR_CATEGORIES, categoryRules, (c) => c)}
      </details>
    </fieldset>
  );
}
