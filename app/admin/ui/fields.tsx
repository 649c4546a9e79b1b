/**
 * Labelled form controls with their error list, written once. Each accepts either plain `errors`
 * or a Conform field `meta` (id, name, errors, initialValue), and wires aria-invalid/aria-describedby.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { useTranslation } from "~/i18n/react";
import { isProblemCode } from "~/i18n/problem";

/** The part of a Conform `FieldMetadata` these controls read. */
export interface FieldMetaLike {
  id: string;
  name: string;
  errors?: string[];
  initialValue?: unknown;
}

/** The look of every text control, for the few drawn by hand (e.g. a list of unlabelled inputs). */
export const CONTROL =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand focus:ring-2 focus:ring-brand/40 focus:outline-none aria-[invalid=true]:border-red-500 admin-dark:border-slate-700 admin-dark:bg-slate-950 admin-dark:text-slate-100";

/**
 * A control's errors: codes (the schemas' messages, checked in the browser or sent back by the
 * server) in the admin language; text the server has already translated as it is.
 */
export function ErrorList({ id, errors }: { id?: string; errors?: readonly string[] | null }) {
  const { t } = useTranslation("admin");
  const list = (errors ?? []).filter(Boolean).map((e) => (isProblemCode(e) ? t(e) : e));
  if (list.length === 0) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-600 admin-dark:text-red-400">
      {list.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

interface FieldShell {
  label: ReactNode;
  help?: ReactNode;
  meta?: FieldMetaLike;
  errors?: readonly string[] | null;
  className?: string;
}

/** Ids, the error list and the aria wiring every control shares. */
function useField({ meta, errors, help }: Pick<FieldShell, "meta" | "errors" | "help">, explicitId: string | undefined) {
  const generated = useId();
  const id = explicitId ?? meta?.id ?? generated;
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const list = errors ?? meta?.errors;
  const invalid = Boolean(list?.length);
  const describedBy = [help ? helpId : "", invalid ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return {
    id,
    errorId,
    helpId,
    list,
    control: { id, name: meta?.name, "aria-invalid": invalid || undefined, "aria-describedby": describedBy },
  };
}

const initial = (meta?: FieldMetaLike) =>
  typeof meta?.initialValue === "string" || typeof meta?.initialValue === "number" ? String(meta.initialValue) : undefined;

/** Label above, the control, then help and errors: the frame of every stacked control. */
function FieldFrame({
  field,
  label,
  help,
  className,
  children,
}: { field: ReturnType<typeof useField>; label: ReactNode; help?: ReactNode; className: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-slate-700 admin-dark:text-slate-300">
        {label}
      </label>
      {children}
      {help ? (
        <p id={field.helpId} className="mt-1 text-xs text-slate-500 admin-dark:text-slate-400">
          {help}
        </p>
      ) : null}
      <ErrorList id={field.errorId} errors={field.list} />
    </div>
  );
}

export function TextField({
  label,
  help,
  meta,
  errors,
  className = "",
  id: explicitId,
  ...input
}: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  const field = useField({ meta, errors, help }, explicitId);
  return (
    <FieldFrame field={field} label={label} help={help} className={className}>
      <input {...field.control} defaultValue={input.value === undefined ? initial(meta) : undefined} className={CONTROL} {...input} />
    </FieldFrame>
  );
}

export function TextareaField({
  label,
  help,
  meta,
  errors,
  className = "",
  id: explicitId,
  ...input
}: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const field = useField({ meta, errors, help }, explicitId);
  return (
    <FieldFrame field={field} label={label} help={help} className={className}>
      <textarea {...field.control} defaultValue={input.value === undefined ? initial(meta) : undefined} className={CONTROL} {...input} />
    </FieldFrame>
  );
}

export function SelectField({
  label,
  help,
  meta,
  errors,
  className = "",
  id: explicitId,
  options,
  ...select
}: FieldShell & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly { value: string; label: ReactNode }[] }) {
  const field = useField({ meta, errors, help }, explicitId);
  return (
    <FieldFrame field={field} label={label} help={help} className={className}>
      <select {...field.control} defaultValue={select.value === undefined ? initial(meta) : undefined} className={CONTROL} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A checkbox with its label on the right; sends `value` ("on" by default) when ticked. */
export function Checkbox({
  label,
  help,
  meta,
  errors,
  className = "",
  id: explicitId,
  ...input
}: FieldShell & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  const { id, errorId, helpId, list, control } = useField({ meta, errors, help }, explicitId);
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          {...control}
          type="checkbox"
          defaultChecked={input.checked === undefined && meta ? meta.initialValue === "on" || meta.initialValue === true : undefined}
          className="mt-0.5 size-4 rounded border-slate-300 accent-[var(--brand)] admin-dark:border-slate-600"
          {...input}
        />
        <div>
          <label htmlFor={id} className="text-sm font-medium text-slate-800 admin-dark:text-slate-200">
            {label}
          </label>
          {help ? (
            <p id={helpId} className="text-xs text-slate-500 admin-dark:text-slate-400">
              {help}
            </p>
          ) : null}
        </div>
      </div>
      <ErrorList id={errorId} errors={list} />
    </div>
  );
}
