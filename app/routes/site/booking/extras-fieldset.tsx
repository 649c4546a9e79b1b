/**
 * The booking form's extras (issue 14): each active extra with its price in the visitor's
 * currency, a quantity (a checkbox when at most one), and the name sign's text, shown once the
 * sign is chosen by CSS `:has()` so it works without JavaScript. Field names are those
 * `choicesFromForm` reads (`extra.<code>`, `extraText.<code>`); the server checks and prices them.
 * Without JavaScript an "Update price" button asks the server for the price with the extras.
 */
import { useTranslation } from "~/i18n/react";
import type { Problem } from "~/i18n/problem";
import { extraField, extraName, extraTextField, MAX_EXTRA_TEXT, type Extra } from "~/booking/rules/extras";
import { useMoney } from "~/pricing/use-money";

export type OfferedExtra = Pick<Extra, "code" | "names" | "price" | "pricing" | "maxQuantity" | "needsText">;

/** The quantity typed for an extra in the form's values ("on" is one; nonsense is none). */
export function quantityOf(values: Record<string, string>, code: string): number {
  const raw = (values[extraField(code)] ?? "").trim();
  if (raw === "on") return 1;
  return /^\d{1,3}$/.test(raw) ? Number(raw) : 0;
}

export function ExtrasFieldset({ extras, values, problems, onChange, showQuoteButton }: {
  extras: readonly OfferedExtra[];
  values: Record<string, string>;
  problems: Record<string, Problem[]>;
  onChange: (name: string, value: string) => void;
  /** without JavaScript: the button that re-prices without booking */
  showQuoteButton: boolean;
}) {
  const { t, i18n } = useTranslation("booking");
  const money = useMoney();
  if (extras.length === 0) return null;
  const say = (list: Problem[] | undefined) => list?.map((p) => t(p.code, p.params)).join(" ");
  const general = say(problems.extras);
  return (
    <fieldset id="booking-extras" className="scroll-mt-24 rounded-2xl border border-slate-200 p-4 md:col-span-2 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">{t("extras.title")}</legend>
      <p className="text-xs text-slate-600 dark:text-slate-300">{t("extras.hint")}</p>
      {general && <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">{general}</p>}
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
        {extras.map((extra) => {
          const name = extraName(extra.names, i18n.language);
          const field = extraField(extra.code);
          const textField = extraTextField(extra.code);
          const id = `extra-${extra.code}`;
          const textId = `extra-text-${extra.code}`;
          const price = extra.price === 0 ? t("extras.free") : extra.pricing === "unit" ? t("extras.each", { price: money.shown(extra.price) }) : t("extras.perBooking", { price: money.shown(extra.price) });
          const quantityError = say(problems[field]);
          const textError = say(problems[textField]);
          const text = values[textField] ?? "";
          // The text box is shown when the extra is chosen (CSS), or when it holds a value or a complaint.
          const showText = text !== "" || Boolean(textError);
          return (
            <li key={extra.code} data-extra={extra.code} className="group py-3">
              <div className="flex flex-wrap items-center justify-between gap-3">
                {extra.maxQuantity <= 1 ? (
                  <label htmlFor={id} className="flex items-center gap-3 text-sm">
                    <input
                      id={id}
                      type="checkbox"
                      name={field}
                      value="on"
                      checked={quantityOf(values, extra.code) > 0}
                      onChange={(e) => onChange(field, e.currentTarget.checked ? "on" : "")}
                      aria-invalid={quantityError ? true : undefined}
                      aria-describedby={quantityError ? `${id}-error` : `${id}-price`}
                      className="h-5 w-5 accent-brand"
                    />
                    <span className="font-medium">{name}</span>
                  </label>
                ) : (
                  <label htmlFor={id} className="flex items-center gap-3 text-sm">
                    <select
                      id={id}
                      name={field}
                      value={String(quantityOf(values, extra.code))}
                      onChange={(e) => onChange(field, e.currentTarget.value)}
                      aria-invalid={quantityError ? true : undefined}
                      aria-describedby={quantityError ? `${id}-error` : `${id}-price`}
                      className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-base dark:border-slate-700 dark:bg-slate-950"
                    >
                      {Array.from({ length: extra.maxQuantity + 1 }, (_, n) => (
                        <option key={n} value={String(n)}>{n}</option>
                      ))}
                    </select>
                    <span className="font-medium">{name}</span>
                  </label>
                )}
                <span id={`${id}-price`} className="text-sm text-slate-600 dark:text-slate-300">{price}</span>
              </div>
              {quantityError && <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">{quantityError}</p>}
              {extra.needsText && (
                <div className={`mt-2 ${showText ? "block" : "hidden group-has-[input:checked]:block group-has-[option:checked:not([value='0'])]:block"}`}>
                  <label htmlFor={textId} className="block text-sm font-medium">{t("extras.signText")}</label>
                  <input
                    id={textId}
                    name={textField}
                    type="text"
                    value={text}
                    maxLength={MAX_EXTRA_TEXT}
                    onChange={(e) => onChange(textField, e.currentTarget.value)}
                    aria-invalid={textError ? true : undefined}
                    aria-describedby={textError ? `${textId}-error` : undefined}
                    placeholder={t("extras.signPlaceholder")}
                    className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-base text-slate-900 aria-invalid:border-red-500 dark:border-slate-700 dark:bg-slate-950 dark:text-white"
                  />
                  {textError && <p id={`${textId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">{textError}</p>}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {showQuoteButton && (
        <button type="submit" name="intent" value="quote" formNoValidate className="btn-secondary mt-3">
          {t("extras.updatePrice")}
        </button>
      )}
    </fieldset>
  );
}
