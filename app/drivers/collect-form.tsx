/**
 * The job sheet's "Tahsilat" form (issue 30): what the booking still owes, what was recorded on the
 * leg, and a plain form (no JavaScript needed) for what the driver took: amount, currency, cash or card.
 */
import { useTranslation } from "~/i18n/react";
import type { CollectFormResult, CollectView } from "./collect.server";

const field = "mt-1 block min-h-12 w-full rounded-lg border border-slate-300 bg-white px-3 text-lg dark:border-slate-700 dark:bg-slate-950";

export function CollectSection({ view, collected, failed }: { view: CollectView; collected: boolean; failed?: Extract<CollectFormResult, { ok: false }> }) {
  const { t } = useTranslation("driver");
  const methods = [...(view.cash ? (["cash"] as const) : []), ...(view.card ? (["card"] as const) : [])];
  return (
    <section aria-labelledby="job-collect" className="mt-6 rounded-xl border border-emerald-300 bg-emerald-50/40 p-4 dark:border-emerald-800 dark:bg-emerald-950/20" data-testid="job-collect">
      <h2 id="job-collect" className="text-lg font-semibold">
        {t("collect.title")}
      </h2>
      <p className="mt-1 text-lg" data-testid="job-due">
        {view.due ? t("collect.due", { amount: view.due }) : t("collect.nothingDue")}
      </p>
      {collected ? (
        <p role="status" className="mt-3 rounded-lg bg-green-100 px-4 py-3 font-semibold text-green-900">
          {t("collect.recorded")}
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-100 px-4 py-3 font-semibold text-red-900">
          {t(failed.code)}
        </p>
      ) : null}
      {view.recorded.length > 0 ? (
        <div className="mt-3">
          <p className="text-sm font-semibold text-slate-600 dark:text-slate-300">{t("collect.recordedList")}</p>
          <ul className="mt-1 list-disc pl-5">
            {view.recorded.map((r) => (
              <li key={r.id}>
                {r.text} · {t(`collect.${r.method === "card" ? "card" : "cash"}`)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <form method="post" className="mt-4 grid gap-3">
        <input type="hidden" name="intent" value="collect" />
        <input type="hidden" name="nonce" value={view.nonce} />
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("collect.help")}</p>
        <div className="grid grid-cols-[1fr_auto] gap-3">
          <label className="block text-sm font-semibold">
            {t("collect.amount")}
            <input
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              required
              defaultValue={failed?.values.amount ?? ""}
              aria-invalid={failed?.field === "amount" ? true : undefined}
              className={field}
            />
          </label>
          <label className="block text-sm font-semibold">
            {t("collect.currency")}
            <select name="currency" defaultValue={failed?.values.currency || view.currency} className={field} aria-invalid={failed?.field === "currency" ? true : undefined}>
              {view.currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
        </div>
        <fieldset>
          <legend className="text-sm font-semibold">{t("collect.method")}</legend>
          <div className="mt-1 flex gap-4">
            {methods.map((m, i) => (
              <label key={m} className="inline-flex min-h-11 items-center gap-2 text-lg">
                <input type="radio" name="method" value={m} defaultChecked={failed ? failed.values.method === m : i === 0} className="size-5" />
                {t(`collect.${m}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="min-h-14 w-full rounded-xl bg-emerald-700 px-4 py-3 text-lg font-semibold text-white hover:bg-emerald-800">
          {t("collect.submit")}
        </button>
      </form>
    </section>
  );
}
