/**
 * The settings screen's "Rezervasyon" tab: instant confirmation (issue 32), how far ahead a visitor must book, and the cancellation
 * and payment terms the public pages and the confirmation e-mail state, one text per public language.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/i18n/react";
import { Checkbox, TextField, TextareaField } from "~/admin/ui";
import { ADMIN_LANGUAGES, MAX_CUTOFF_HOURS } from "~/settings/settings";
import type { z } from "zod";
import type { settingsFormSchema } from "~/settings/settings-form";

type FormInput = z.input<typeof settingsFormSchema>;
type BookingFields = FieldMetadata<FormInput["booking"], FormInput, string[]>;

export function BookingRulesPanel({ booking }: { booking: BookingFields }) {
  const { t } = useTranslation("admin");
  const b = booking.getFieldset();
  const { key: _a, ...autoConfirm } = getInputProps(b.autoConfirm, { type: "checkbox" });
  return (
    <div className="space-y-8">
      <fieldset className="space-y-5" data-testid="auto-confirm-settings">
        <legend className="text-base font-semibold">{t("settings.autoConfirmTitle")}</legend>
        <Checkbox label={t("settings.autoConfirm")} help={t("settings.autoConfirmHelp")} errors={b.autoConfirm.errors} {...autoConfirm} />
        <TextField
          label={t("settings.autoConfirmMaxPassengers")}
          help={t("settings.autoConfirmMaxPassengersHelp")}
          meta={b.autoConfirmMaxPassengers}
          type="number"
          min={1}
          max={60}
          step={1}
          inputMode="numeric"
          className="max-w-md"
        />
      </fieldset>
      <TextField
        label={t("settings.leadTimeHours")}
        help={t("settings.leadTimeHoursHelp")}
        meta={b.leadTimeHours}
        type="number"
        min={0}
        max={72}
        step={1}
        inputMode="numeric"
        className="max-w-md"
      />
      <TextField
        label={t("settings.bufferMinutes")}
        help={t("settings.bufferMinutesHelp")}
        meta={b.bufferMinutes}
        type="number"
        min={0}
        max={240}
        step={5}
        inputMode="numeric"
        className="max-w-md"
      />
      {(["changeCutoffHours", "cancelCutoffHours"] as const).map((name) => (
        <TextField
          key={name}
          label={t(`guestChanges.settings.${name}`)}
          help={t(`guestChanges.settings.${name}Help`)}
          meta={b[name]}
          type="number"
          min={0}
          max={MAX_CUTOFF_HOURS}
          step={1}
          inputMode="numeric"
          className="max-w-md"
        />
      ))}
      <TextField
        label={t("settings.guestRetentionYears")}
        help={t("settings.guestRetentionYearsHelp")}
        meta={b.guestRetentionYears}
        type="number"
        min={0}
        max={30}
        step={1}
        inputMode="numeric"
        className="max-w-md"
      />
      <TextField
        label={t("settings.acceptAlertMinutes")}
        help={t("settings.acceptAlertMinutesHelp")}
        meta={b.acceptAlertMinutes}
        type="number"
        min={0}
        max={1440}
        step={5}
        inputMode="numeric"
        className="max-w-md"
      />
      <TextField
        label={t("settings.positionRetentionDays")}
        help={t("settings.positionRetentionDaysHelp")}
        meta={b.positionRetentionDays}
        type="number"
        min={1}
        max={365}
        step={1}
        inputMode="numeric"
        className="max-w-md"
      />
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
