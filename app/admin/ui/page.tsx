import type { ReactNode } from "react";

/** A back-office page: a title (the page's one <h1>), an optional line under it, actions on the right. */
export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 admin-dark:text-white">{title}</h1>
          {description ? <p className="mt-1 text-sm text-slate-600 admin-dark:text-slate-400">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

/** A framed panel; `title` becomes an <h2>. */
export function Card({
  title,
  actions,
  children,
  className = "",
  bodyClassName = "p-5",
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  bodyClassName?: string;
}) {
  return (
    <section
      className={`min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm admin-dark:border-slate-800 admin-dark:bg-slate-900 ${className}`}
    >
      {title || actions ? (
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-3 admin-dark:border-slate-800">
          {title ? <h2 className="text-base font-semibold text-slate-900 admin-dark:text-white">{title}</h2> : <span />}
          {actions}
        </div>
      ) : null}
      <div className={bodyClassName}>{children}</div>
    </section>
  );
}

export type Tone = "neutral" | "success" | "warning" | "danger" | "info";

const TONES: Record<Tone, string> = {
  neutral: "bg-slate-100 text-slate-700 ring-slate-300 admin-dark:bg-slate-800 admin-dark:text-slate-300 admin-dark:ring-slate-600",
  success: "bg-emerald-50 text-emerald-800 ring-emerald-300 admin-dark:bg-emerald-950 admin-dark:text-emerald-300 admin-dark:ring-emerald-800",
  warning: "bg-amber-50 text-amber-900 ring-amber-300 admin-dark:bg-amber-950 admin-dark:text-amber-300 admin-dark:ring-amber-800",
  danger: "bg-red-50 text-red-800 ring-red-300 admin-dark:bg-red-950 admin-dark:text-red-300 admin-dark:ring-red-800",
  info: "bg-sky-50 text-sky-800 ring-sky-300 admin-dark:bg-sky-950 admin-dark:text-sky-300 admin-dark:ring-sky-800",
};

/** A status pill: any label with a colour tone (the caller maps its statuses to tones). */
export function StatusBadge({ label, tone = "neutral" }: { label: ReactNode; tone?: Tone }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}>
      {label}
    </span>
  );
}
