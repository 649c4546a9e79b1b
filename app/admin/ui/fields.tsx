/**
 * Labelled form controls with their error list, written once. Each accepts either plain `errors`
 * or a Conform field `meta` (id, name, errors, initialValue), and wires aria-invalid/aria-describedby.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

/** The part of a Conform `FieldMetadata` these controls read. */
export interface FieldMetaLike {
  id: string;
  name: string;
  errors?: string[];
  initialValue?: unknown;
}

const CONTROL =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand focus:ring-2 focus:ring-brand/40 focus:outline-none aria-[invalid=true]:border-red-500 admin-dark:border-slate-700 admin-dark:bg-slate-950 admin-dark:text-slate-100";

export function ErrorList({ id, errors }: { id?: string; errors?: readonly string[] | null }) {
  const list = (errors ?? []).filter(Boolean);
  if (list.length === 0) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-600 admin-dark:text-red-400">
      {list.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

function useFieldIds(meta: FieldMetaLike | undefined, explicitId: string | undefined) {
  const generated = useId();
  const id = explicitId ?? meta?.id ?? generated;
  return { id, errorId: `${id}-error`, helpId: `${id}-help` };
}

function describedBy(hasErrors: boolean, hasHelp: boolean, errorId: string, helpId: string) {
  const ids = [hasHelp ? helpId : "", hasErrors ? errorId : ""].filter(Boolean).join(" ");
  return ids || undefined;
}

const initial = (meta?: FieldMetaLike) =>
  typeof meta?.initialValue === "string" || typeof meta?.initialValue === "number" ? String(meta.initialValue) : undefined;

interface FieldShell {
  label: ReactNode;
  help?: ReactNode;
  meta?: FieldMetaLike;
  errors?: readonly string[] | null;
  className?: string;
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
  const { id, errorId, helpId } = useFieldIds(meta, explicitId);
  const list = errors ?? meta?.errors;
  const invalid = Boolean(list?.length);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 admin-dark:text-slate-300">
        {label}
      </label>
      <input
        id={id}
        name={meta?.name}
        defaultValue={input.value === undefined ? initial(meta) : undefined}
        className={CONTROL}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(invalid, Boolean(help), errorId, helpId)}
        {...input}
      />
      {help ? (
        <p id={helpId} className="mt-1 text-xs text-slate-500 admin-dark:text-slate-400">
          {help}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={list} />
    </div>
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
  const { id, errorId, helpId } = useFieldIds(meta, explicitId);
  const list = errors ?? meta?.errors;
  const invalid = Boolean(list?.length);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 admin-dark:text-slate-300">
        {label}
      </label>
      <textarea
        id={id}
        name={meta?.name}
        defaultValue={input.value === undefined ? initial(meta) : undefined}
        className={CONTROL}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(invalid, Boolean(help), errorId, helpId)}
        {...input}
      />
      {help ? (
        <p id={helpId} className="mt-1 text-xs text-slate-500 admin-dark:text-slate-400">
          {help}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={list} />
    </div>
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
  const { id, errorId, helpId } = useFieldIds(meta, explicitId);
  const list = errors ?? meta?.errors;
  const invalid = Boolean(list?.length);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 admin-dark:text-slate-300">
        {label}
      </label>
      <select
        id={id}
        name={meta?.name}
        defaultValue={select.value === undefined ? initial(meta) : undefined}
        className={CONTROL}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(invalid, Boolean(help), errorId, helpId)}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {help ? (
        <p id={helpId} className="mt-1 text-xs text-slate-500 admin-dark:text-slate-400">
          {help}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={list} />
    </div>
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
  const { id, errorId, helpId } = useFieldIds(meta, explicitId);
  const list = errors ?? meta?.errors;
  const invalid = Boolean(list?.length);
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name={meta?.name}
          defaultChecked={input.checked === undefined && meta ? meta.initialValue === "on" || meta.initialValue === true : undefined}
          className="mt-0.5 size-4 rounded border-slate-300 accent-[var(--brand)] admin-dark:border-slate-600"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(invalid, Boolean(help), errorId, helpId)}
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
