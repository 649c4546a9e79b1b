/**
 * The settings screen's "Rezervasyon" tab: instant confirmation (issue 32), how far ahead a visitor must book, and the cancellation
 * and payment terms the public pages and the confirmation e-mail state, one text per public language.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/i18n/react";
import { Checkbox, TextField, TextareaField } from "~/admin/ui";
import { ADMIN_LANGUAGES, MAX_CUTOFF_HOURS, MAX_DRIVER_REST_MINUTES } from "~/settings/settings";
import type { z } from "zod";
import type { settingsFormSchema } from "~/settings/settings-form";

type FormInput = z.input<typeof settingsFormSchema>;
type BookingFields = FieldMetadata<FormInput["booking"], FormInput, string[]>;

/** The tab's whole numbers: each a label, a help text and its bounds, as `settings.<name>` says them. */
const NUMBERS = [
  { name: "leadTimeHours", min: 0, max: 72, step: 1 },
  { name: "bufferMinutes", min: 0, max: 240, step: 5 },
  { name: "changeCutoffHours", min: 0, max: MAX_CUTOFF_HOURS, step: 1, texts: "guestChanges.settings" },
  { name: "cancelCutoffHours", min: 0, max: MAX_CUTOFF_HOURS, step: 1, texts: "guestChanges.settings" },
  { name: "guestRetentionYears", min: 0, max: 30, step: 1 },
  { name: "acceptAlertMinutes", min: 0, max: 1440, step: 5 },
  { name: "positionRetentionDays", min: 1, max: 365, step: 1 },
  { name: "driverRestMinutes", min: 0, max: MAX_DRIVER_REST_MINUTES, step: 5 },
] as const;

function NumberSetting({ label, help, meta, min, max, step }: { label: string; help: string; meta: Parameters<typeof TextField>[0]["meta"]; min: number; max: number; step: number }) {
  return <TextField label={label} help={help} meta={meta} type="number" min={min} max={max} step={step} inputMode="numeric" className="max-w-md" />;
}

export function BookingRulesPanel({ booking }: { booking: BookingFields }) {
  const { t } = useTranslation("admin");
  const b = booking.getFieldset();
  const { key: _a, ...autoConfirm } = getInputProps(b.autoConfirm, { type: "checkbox" });
  return (
    <div className="space-y-8">
      <fieldset className="space-y-5" data-testid="auto-confirm-settings">
        <legend className="text-base font-semibold">{t("settings.autoConfirmTitle")}</legend>
        <Checkbox label={t("settings.autoConfirm")} help={t("settings.autoConfirmHelp")} errors={b.autoConfirm.errors} {...autoConfirm} />
        <NumberSetting label={t("settings.autoConfirmMaxPassengers")} help={t("settings.autoConfirmMaxPassengersHelp")} meta={b.autoConfirmMaxPassengers} min={1} max={60} step={1} />
      </fieldset>
      {NUMBERS.map(({ name, min, max, step, ...rest }) => {
        const texts = "texts" in rest ? rest.texts : "settings";
        return <NumberSetting key={name} label={t(`${texts}.${name}`)} help={t(`${texts}.${name}Help`)} meta={b[name]} min={min} max={max} step={step} />;
      })}
      {(["cancellationTerms", "paymentTerms"] as const).map((name) => {
        const texts = b[name].getFieldset();
        return (
          <fieldset key={name}>
            <legend className="text-base font-semibold">{t(`settings.${name}`)}</legend>
            <p className="mt-1 text-sm text-slate-600 admin-dark:text-slate-400">{t("settings.termsHelp")}</p>
            <div className="mt-4 grid gap-5 md:grid-cols-2">
              {ADMIN_LANGUAGES.map((lng) => (
                <TextareaField
                  key={lng}
                  label={t(`settings.termsLanguages.${lng}`)}
                  meta={texts[lng]}
                  lang={lng}
                  rows={5}
                  maxLength={600}
                />
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
