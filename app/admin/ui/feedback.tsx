import { useEffect, useState, type ReactNode } from "react";

const ALERT_TONES = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900 admin-dark:border-emerald-800 admin-dark:bg-emerald-950 admin-dark:text-emerald-200",
  error: "border-red-300 bg-red-50 text-red-900 admin-dark:border-red-800 admin-dark:bg-red-950 admin-dark:text-red-200",
  info: "border-sky-300 bg-sky-50 text-sky-900 admin-dark:border-sky-800 admin-dark:bg-sky-950 admin-dark:text-sky-200",
  warning: "border-amber-300 bg-amber-50 text-amber-950 admin-dark:border-amber-700 admin-dark:bg-amber-950 admin-dark:text-amber-100",
} as const;

/**
 * A message banner: errors are announced at once (role=alert), the rest politely (role=status).
 * `autoHideMs` hides it after that time (with JavaScript; without it the message stays).
 */
export function Alert({
  tone = "info",
  children,
  autoHideMs,
  action,
}: {
  tone?: keyof typeof ALERT_TONES;
  children: ReactNode;
  autoHideMs?: number;
  action?: ReactNode;
}) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (!autoHideMs) return;
    const timer = setTimeout(() => setVisible(false), autoHideMs);
    return () => clearTimeout(timer);
  }, [autoHideMs]);
  if (!visible) return null;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`flex flex-wrap items-center justify-between gap-3 rounded-lg border px-4 py-3 text-sm ${ALERT_TONES[tone]}`}
    >
      <div>{children}</div>
      {action}
    </div>
  );
}

/** What a list shows when it has nothing to show. */
export function EmptyState({ title, description, action }: { title: ReactNode; description?: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center admin-dark:border-slate-700">
      <p className="text-base font-semibold text-slate-900 admin-dark:text-white">{title}</p>
      {description ? <p className="mt-1 text-sm text-slate-600 admin-dark:text-slate-400">{description}</p> : null}
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}

/** A busy indicator with a text for screen readers (and sighted users when `showLabel`). */
export function Spinner({ label, showLabel = false, className = "size-5" }: { label: string; showLabel?: boolean; className?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm">
      <svg aria-hidden="true" viewBox="0 0 24 24" className={`${className} animate-spin text-brand`} fill="none">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <span className={showLabel ? "" : "sr-only"}>{label}</span>
    </span>
  );
}
