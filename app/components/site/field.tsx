/**
 * The public site's one labelled form control (the back office has its own, app/admin/ui/fields.tsx):
 * label, an input, textarea or select, an optional hint, and the error, translated from its
 * catalogue code with `t(code)`, wired to the control with aria-invalid / aria-describedby.
 * Used by the contact page, the booking search, the booking contact form and the newsletter box.
 * Each form keeps its look (`look`); the markup and the wiring are written here once.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useTranslation } from "~/i18n/react";

const BOOKING_CONTROL =
  "mt-1 block w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 shadow-sm outline-none focus:border-brand focus:ring-2 focus:ring-brand/40 aria-invalid:border-red-500 dark:border-slate-700 dark:bg-slate-950 dark:text-white";

interface Look {
  label: string;
  control: string;
  hint: string;
  error: string;
  /** what follows the label of an optional field: " (optional)" */
  optional: string;
}

const LOOKS = {
  /** the contact page: a card of large fields, the required ones starred */
  contact: {
    label: "text-sm font-semibold",
    control:
      "mt-1.5 block w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 aria-[invalid=true]:border-rose-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
    hint: "mt-1.5 text-sm text-slate-600 dark:text-slate-300",
    error: "mt-1.5 text-sm font-medium text-rose-700 dark:text-rose-300",
    optional: "ml-1 font-normal text-slate-500 dark:text-slate-400",
  },
  /** the booking contact form on the results page */
  booking: {
    label: "block text-sm font-medium",
    control: BOOKING_CONTROL,
    hint: "mt-1 text-xs text-slate-500 dark:text-slate-400",
    error: "mt-1 text-sm text-red-700 dark:text-red-400",
    optional: "font-normal text-slate-500",
  },
  /** the booking search (home page and results page) */
  search: {
    label: "block text-sm font-medium text-slate-700 dark:text-slate-200",
    control: BOOKING_CONTROL,
    hint: "mt-1 text-xs text-slate-500 dark:text-slate-400",
    error: "mt-1 text-sm text-red-700 dark:text-red-400",
    optional: "font-normal text-slate-500",
  },
  /** the footer's newsletter box: one e-mail field beside its button, the label for screen readers */
  newsletter: {
    label: "sr-only",
    control:
      "min-w-0 flex-1 rounded-full border border-white/20 bg-white/5 px-4 py-2.5 text-sm text-white placeholder:text-slate-400 focus:border-brand",
    hint: "mt-3 text-sm",
    error: "mt-3 text-sm text-rose-300",
    optional: "",
  },
} satisfies Record<string, Look>;

export type FieldLook = keyof typeof LOOKS;

/** The control: an input by default, a textarea or a select (with its options as children). */
export type FieldControl =
  | ({ as?: "input" } & InputHTMLAttributes<HTMLInputElement>)
  | ({ as: "textarea" } & TextareaHTMLAttributes<HTMLTextAreaElement>)
  | ({ as: "select"; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>);

export interface FieldProps {
  /** the control's id (a Conform field's `id`) */
  id: string;
  label: ReactNode;
  look: FieldLook;
  /** a required star after the label (the contact page) */
  required?: boolean;
  /** the translated word for "optional", shown in brackets after the label */
  optional?: string;
  hint?: ReactNode;
  /** catalogue codes, translated here: "booking:errors.required", or keys of `ns` */
  errors?: readonly string[] | null;
  /** values the error messages name (a problem's params, e.g. the lead time's hours and phone) */
  errorValues?: Record<string, string | number>;
  /** the namespace of codes given without one */
  ns?: string;
  /** ids of other text that describes the control (e.g. a status line kept elsewhere) */
  describedBy?: string;
  /** the control is invalid although its message is shown elsewhere */
  invalid?: boolean;
  className?: string;
  control: FieldControl;
  /** a new key starts the control afresh (its defaultValue shown again) */
  controlKey?: string;
  /** shown right after the control (the newsletter's button) */
  after?: ReactNode;
}

export function Field({ id, label, look, required, optional, hint, errors, errorValues, ns = "common", describedBy, invalid, className, control, controlKey, after }: FieldProps) {
  const { t } = useTranslation(ns);
  const style: Look = LOOKS[look];
  const list = (errors ?? []).filter(Boolean);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const aria = {
    id,
    "aria-invalid": list.length > 0 || invalid ? true : undefined,
    "aria-describedby": [hint ? hintId : "", list.length > 0 ? errorId : "", describedBy ?? ""].filter(Boolean).join(" ") || undefined,
    className: style.control,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className={style.label}>
        {label}
        {optional ? (
          <>
            {look === "contact" ? null : " "}
            <span className={style.optional}>({optional})</span>
          </>
        ) : null}
        {required ? (
          <span aria-hidden className="ml-0.5 text-rose-700 dark:text-rose-300">
            *
          </span>
        ) : null}
      </label>
      {renderControl(control, aria, controlKey)}
      {after}
      {hint ? (
        <p id={hintId} className={style.hint}>
          {hint}
        </p>
      ) : null}
      {list.length > 0 ? (
        <p id={errorId} className={style.error}>
          {list.map((code) => t(code, errorValues)).join(" ")}
        </p>
      ) : null}
    </div>
  );
}

function renderControl(control: FieldControl, aria: { id: string; className: string }, key: string | undefined) {
  if (control.as === "textarea") {
    const { as: _as, ...props } = control;
    return <textarea key={key} {...props} {...aria} />;
  }
  if (control.as === "select") {
    const { as: _as, children, ...props } = control;
    return (
      <select key={key} {...props} {...aria}>
        {children}
      </select>
    );
  }
  const { as: _as, ...props } = control;
  return <input key={key} {...props} {...aria} />;
}
