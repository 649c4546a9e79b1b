/**
 * The "Uçuşlar" tab (issue 31): whether the planned pickup moves with the flight's delay, and from
 * how many minutes of change the driver and the office are told. Said plainly when the server has
 * no flight provider key: then nothing is tracked, whatever is set here.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { z } from "zod";
import { useTranslation } from "~/i18n/react";
import { Checkbox, TextField } from "~/admin/ui";
import type { settingsFormSchema } from "~/settings/settings-form";

type FormInput = z.input<typeof settingsFormSchema>;
type FlightsFields = FieldMetadata<FormInput["flights"], FormInput, string[]>;

export function FlightsPanel({ flights, provider }: { flights: FlightsFields; provider: string | null }) {
  const { t } = useTranslation("admin");
  const f = flights.getFieldset();
  const { key: _m, ...move } = getInputProps(f.movePickup, { type: "checkbox" });
  const { key: _n, ...threshold } = getInputProps(f.notifyThresholdMinutes, { type: "number" });
  return (
    <fieldset className="space-y-5" data-testid="flight-settings">
      <legend className="text-base font-semibold">{t("flights.settings.title")}</legend>
      <p className="max-w-2xl text-sm text-slate-600 admin-dark:text-slate-400" role="status" data-configured={provider ? "yes" : "no"}>
        {provider ? t("flights.settings.providerOn", { provider: "AeroDataBox" }) : t("flights.settings.providerOff")}
      </p>
      <Checkbox label={t("flights.settings.movePickup")} help={t("flights.settings.movePickupHelp")} errors={f.movePickup.errors} {...move} />
      <TextField
        label={t("flights.settings.notifyThresholdMinutes")}
        help={t("flights.settings.notifyThresholdMinutesHelp")}
        errors={f.notifyThresholdMinutes.errors}
        {...threshold}
        min={5}
        max={240}
        step={1}
        className="max-w-xs"
      />
    </fieldset>
  );
}
