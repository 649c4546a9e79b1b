/**
 * A location input with suggestions (an ARIA combobox). Without JavaScript it is a plain text
 * field and the server resolves the text; with JavaScript the visitor picks a suggestion and its
 * place id travels in a hidden field. Suggestions come from Google in the browser when its script
 * has loaded (`placeSearch`), else, or whenever Google fails, from our own /api/places.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import type { PlaceOption, PlaceSearchSession } from "./place-search";


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
  /** Google's suggestions in the browser, when loaded */
  placeSearch?: { start(): PlaceSearchSession } | null;
  /** places the server found for the typed text when it could not choose one: offered as radio buttons (they work without JavaScript) */
  candidates?: PlaceOption[];
}

/** Ours, labelled in the page's language ("Кемер, Анталья" on a Russian page). */
async function ourSuggestions(text: string, language: string, signal: AbortSignal): Promise<PlaceOption[]> {
  const response = await fetch(`/api/places?q=${encodeURIComponent(text)}&lng=${encodeURIComponent(language)}`, { signal, headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`places ${response.status}`);
  return ((await response.json()) as { data?: PlaceOption[] }).data ?? [];
}

export function LocationField({ name, placeName, label, value, onChange, errors, required, placeSearch, candidates }: Props) {
  const { t, i18n } = useTranslation("booking");
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const [options, setOptions] = useState<PlaceOption[]>([]);
  const [fromGoogle, setFromGoogle] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [failed, setFailed] = useState(false);
  const request = useRef<AbortController | null>(null);
  const session = useRef<PlaceSearchSession | null>(null);
  const latest = useRef(value);
  // The server's candidates belong to the text it was sent; typing something else retires them.
  const [candidatesFor] = useState(value.text);

  useEffect(() => {
    latest.current = value;
  }, [value]);
  useEffect(() => () => request.current?.abort(), []);
  // What the visitor did before the form hydrated is theirs (a form shown on demand hydrates on
  // the first focus or click in it, so that one comes before it): a place picked from the server's
  // list is picked; typed text is kept rather than the server's value, with places offered for it
  // if they are still typing.
  const input = useRef<HTMLInputElement>(null);
  const candidateList = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const picked = candidateList.current?.querySelector<HTMLInputElement>("input[type=radio]:checked")?.value;
    const option = picked ? offered?.find((o) => o.id === picked) : undefined;
    if (option) return pick(option);
    const typed = input.current?.value;
    if (typed === undefined || typed === value.text) return;
    onChange({ text: typed, placeId: "" });
    if (document.activeElement === input.current) search(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page hydrates
  }, []);

  /** Google's answer when it can give one, else ours (a failing Google never leaves the field without suggestions). */
  async function suggestions(text: string, signal: AbortSignal): Promise<{ list: PlaceOption[]; google: boolean }> {
    if (placeSearch) {
      try {
        session.current ??= placeSearch.start();
        return { list: await session.current.suggest(text), google: true };
      } catch (error) {
        console.warn("Google place suggestions failed, using ours", error);
      }
    }
    return { list: await ourSuggestions(text, i18n.language, signal), google: false };
  }

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
      suggestions(text, controller.signal)
        .then(({ list, google }) => {
          if (controller.signal.aborted) return;
          setFailed(false);
          setOptions(list);
          setFromGoogle(google);
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
    const chosen = fromGoogle ? session.current : null;
    session.current = null;
    if (!chosen) return;
    // Google's place gets its coordinates (the server can place it without a key of its own).
    chosen
      .choose(option)
      // …unless the visitor has moved on since
      .then((placeId) => latest.current.placeId === option.id && onChange({ text: option.label, placeId }))
      .catch((error: unknown) => console.warn("Google place details failed; the server will look the place up", error));
  }

  // Once one of the offered places is picked (with JavaScript), the "pick one below" message is answered.
  const invalid = Boolean(errors?.length) && !(candidates?.length && value.placeId);
  const offered = candidates?.length && !value.placeId && value.text === candidatesFor ? candidates : null;
  return (
    <div className="relative">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <input
        ref={input}
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
        <div className="absolute z-30 mt-1 w-full overflow-hidden rounded-xl border border-slate-200 bg-white text-sm shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <ul id={listId} role="listbox" aria-label={label} className="max-h-72 overflow-auto py-1">
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
          {/* Google's terms ask for its attribution wherever its suggestions appear without its map. */}
          {fromGoogle && options.length > 0 && (
            <p className="border-t border-slate-100 px-4 py-1.5 text-right text-xs text-slate-600 dark:border-slate-800 dark:text-slate-300">{t("form.poweredByGoogle")}</p>
          )}
        </div>
      )}
      {failed && !invalid && <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{t("form.suggestionsUnavailable")}</p>}
      {invalid && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {errors!.map((e) => t(e)).join(" ")}
        </p>
      )}
      {offered && (
        <fieldset ref={candidateList} className="mt-2 rounded-xl border border-slate-200 px-3 pb-2 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-200">{t("form.candidates")}</legend>
          <ul className="text-sm">
            {offered.map((option) => (
              <li key={option.id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 hover:bg-slate-100 dark:hover:bg-slate-800">
                  {/* Sent as the place id on the next search; with JavaScript it fills the field at once. */}
                  <input type="radio" name={placeName} value={option.id} onChange={() => pick(option)} className="size-4 accent-brand" />
                  <span>
                    {option.kind === "airport" && <span aria-hidden>✈ </span>}
                    {option.label}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </div>
  );
}
