/**
 * A location input with suggestions from /api/places (an ARIA combobox). Without JavaScript it is
 * a plain text field and the server resolves the text; with JavaScript the visitor picks a
 * suggestion and its place id travels in a hidden field.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export interface PlaceOption {
  id: string;
  label: string;
  kind: string;
}

export interface LocationValue {
  text: string;
  placeId: string;
}

interface Props {
  name: string;
  placeName: string;
  label: string;
  value: LocationValue;
  onChange: (value: LocationValue) => void;
  errors?: string[];
  required?: boolean;
}

export function LocationField({ name, placeName, label, value, onChange, errors, required }: Props) {
  const { t } = useTranslation("booking");
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const [options, setOptions] = useState<PlaceOption[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [failed, setFailed] = useState(false);
  const request = useRef<AbortController | null>(null);

  useEffect(() => () => request.current?.abort(), []);

  function search(text: string) {
    request.current?.abort();
    if (text.trim().length < 2) {
      setOptions([]);
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    request.current = controller;
    const timer = setTimeout(() => {
      fetch(`/api/places?q=${encodeURIComponent(text)}`, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
        .then((body: { data?: PlaceOption[] }) => {
          setFailed(false);
          setOptions(body.data ?? []);
          setActive(-1);
          setOpen(true);
        })
        .catch((error: unknown) => {
          if ((error as Error).name !== "AbortError") setFailed(true);
        });
    }, 180);
    controller.signal.addEventListener("abort", () => clearTimeout(timer));
  }

  function pick(option: PlaceOption) {
    onChange({ text: option.label, placeId: option.id });
    setOpen(false);
    setOptions([]);
  }

  const invalid = Boolean(errors?.length);
  return (
    <div className="relative">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        maxLength={200}
        required={required}
        aria-autocomplete="list"
        aria-expanded={open && options.length > 0}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        placeholder={t("form.locationPlaceholder")}
        value={value.text}
        onChange={(e) => {
          onChange({ text: e.target.value, placeId: "" });
          search(e.target.value);
        }}
        onKeyDown={(e) => {
          if (!open || options.length === 0) return;
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setActive((i) => (i + 1) % options.length);
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
          } else if (e.key === "Enter" && active >= 0) {
            e.preventDefault();
            pick(options[active]!);
          } else if (e.key === "Escape") {
            setOpen(false);
          }
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        className={`mt-1 block w-full rounded-xl border bg-white px-4 py-3 text-base text-slate-900 shadow-sm outline-none focus:border-brand focus:ring-2 focus:ring-brand/40 dark:bg-slate-950 dark:text-white ${
          invalid ? "border-red-500" : "border-slate-300 dark:border-slate-700"
        }`}
      />
      {/* Only a chosen suggestion travels; a typed text is resolved by the server. */}
      {value.placeId && <input type="hidden" name={placeName} value={value.placeId} />}
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          className="absolute z-30 mt-1 max-h-72 w-full overflow-auto rounded-xl border border-slate-200 bg-white py-1 text-sm shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          {options.length === 0 ? (
            <li className="px-4 py-2 text-slate-600 dark:text-slate-300" role="option" aria-selected={false} aria-disabled>
              {t("form.noPlaces")}
            </li>
          ) : (
            options.map((option, i) => (
              <li
                key={option.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(option);
                }}
                className={`flex cursor-pointer items-center gap-2 px-4 py-2 ${i === active ? "bg-brand-soft" : "hover:bg-slate-100 dark:hover:bg-slate-800"}`}
              >
                <span aria-hidden className="text-base">{option.kind === "airport" ? "✈" : "•"}</span>
                <span>{option.label}</span>
              </li>
            ))
          )}
        </ul>
      )}
      {failed && !invalid && <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{t("form.suggestionsUnavailable")}</p>}
      {invalid && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {errors!.map((e) => t(e)).join(" ")}
        </p>
      )}
    </div>
  );
}
