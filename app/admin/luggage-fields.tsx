/**
 * The booking edit's luggage (issue 32): the suitcases and the special luggage by kind, as the
 * office's new-booking form shows them. Plain number fields that post without JavaScript;
 * `luggage_shown` tells the server the kinds are all there, so a kind emptied is none. After a
 * refused save each field shows what was typed.
 */
import { TextField } from "~/admin/ui";
import { LUGGAGE_KINDS, MAX_LUGGAGE, MAX_LUGGAGE_ITEM, type LuggageItems } from "~/booking/rules/capacity";
import { useTranslation } from "~/i18n/react";

export function LuggageFields({
  luggage,
  items,
  failed,
}: {
  luggage: number | null;
  items: LuggageItems | null;
  failed?: { fields: Record<string, string[]>; values: Record<string, string> };
}) {
  const { t } = useTranslation("admin");
  const typed = (name: string, stored: number | null | undefined) => failed?.values[name] ?? (stored ? String(stored) : name === "luggage" && stored === 0 ? "0" : "");
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3" data-testid="edit-luggage">
      <legend className="mb-2 text-sm font-medium">{t("bookingChanges.fields.luggage")}</legend>
      <input type="hidden" name="luggage_shown" value="1" />
      <TextField
        id="edit-luggage"
        name="luggage"
        label={t("bookingEdit.suitcases")}
        defaultValue={typed("luggage", luggage)}
        errors={failed?.fields.luggage}
        type="number"
        min={0}
        max={MAX_LUGGAGE}
        inputMode="numeric"
      />
      {LUGGAGE_KINDS.map((kind) => (
        <TextField
          key={kind}
          id={`edit-${kind}`}
          name={kind}
          label={t(`units.luggageKinds.${kind}`)}
          defaultValue={typed(kind, items?.[kind])}
          type="number"
          min={0}
          max={MAX_LUGGAGE_ITEM}
          inputMode="numeric"
        />
      ))}
      {failed?.fields.luggage_items ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-3 admin-dark:text-red-300">
          {failed.fields.luggage_items.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}
