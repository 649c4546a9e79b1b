/**
 * The net-rates form of /admin/partners/{id}/rates: per public route fare an input per car
 * category for the partner's net fare (the public fare written under it), then per category the
 * net rates per km and per hour. A plain post that works without JavaScript; read-only for those
 * who may not change partners.
 */
import { Form, useNavigation } from "react-router";
import { Alert, buttonClass, Card, CONTROL, ErrorList } from "~/admin/ui";
import { useTranslation } from "~/i18n/react";
import { formatTry } from "~/utils/money";
import type { NetRatesFormState, NetRatesRoute } from "./net-rates-admin.server";
import { fareField, perHourField, perKmField } from "./net-rates";

function AmountInput({ name, label, state, readOnly }: { name: string; label: string; state: NetRatesFormState; readOnly: boolean }) {
  const errors = state.fields[name];
  const id = `net-${name.replace(/[^\w-]/g, "-")}`;
  return (
    <>
      <input
        id={id}
        name={name}
        aria-label={label}
        defaultValue={state.values[name] ?? ""}
        inputMode="decimal"
        autoComplete="off"
        maxLength={14}
        readOnly={readOnly}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-errors` : undefined}
        className={`${CONTROL} min-w-24 text-right`}
      />
      <ErrorList id={`${id}-errors`} errors={errors} />
    </>
  );
}

export function NetRatesForm({ routes, categories, state, canWrite }: { routes: NetRatesRoute[]; categories: readonly string[]; state: NetRatesFormState; canWrite: boolean }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const above = new Set(state.above);
  const readOnly = !canWrite;
  return (
    <Form method="post" className="space-y-6" id="net-rates-form" noValidate>
      {state.message ? <Alert tone="error">{state.message}</Alert> : null}
      {state.above.length > 0 ? <Alert tone="info">{t("partners.netRates.aboveWarning", { count: state.above.length })}</Alert> : null}
      <Card title={t("partners.netRates.routesTitle")}>
        <p className="mb-3 text-sm text-slate-600 admin-dark:text-slate-400">{t("partners.netRates.routesHelp")}</p>
        {routes.length === 0 ? (
          <p className="text-sm">{t("partners.netRates.noRoutes")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full text-sm">
              <thead>
                <tr>
                  <th scope="col" className="px-2 py-1 text-left">{t("partners.netRates.route")}</th>
                  {categories.map((c) => (
                    <th key={c} scope="col" className="px-2 py-1 text-left whitespace-nowrap">{c}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {routes.map((route) => (
                  <tr key={route.id} className="border-t border-slate-200 align-top admin-dark:border-slate-800">
                    <th scope="row" className="px-2 py-2 text-left font-medium">
                      {route.label}
                      {route.oneWay ? <span className="block text-xs text-slate-500">{t("partners.netRates.oneWay")}</span> : null}
                      {route.active ? null : <span className="block text-xs text-slate-500">{t("partners.netRates.inactive")}</span>}
                    </th>
                    {categories.map((c) => {
                      const name = fareField(route.id, c);
                      const publicFare = route.prices[c];
                      return (
                        <td key={c} className="px-2 py-2">
                          <AmountInput name={name} label={t("partners.netRates.fareLabel", { route: route.label, category: c })} state={state} readOnly={readOnly} />
                          <span className="mt-1 block text-xs whitespace-nowrap text-slate-500 admin-dark:text-slate-400">
                            {publicFare !== undefined ? t("partners.netRates.publicFare", { amount: formatTry(publicFare) }) : t("partners.netRates.noPublicFare")}
                          </span>
                          {above.has(name) ? <span className="block text-xs text-amber-700 admin-dark:text-amber-400">{t("partners.netRates.abovePublic")}</span> : null}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <Card title={t("partners.netRates.categoriesTitle")}>
        <p className="mb-3 text-sm text-slate-600 admin-dark:text-slate-400">{t("partners.netRates.categoriesHelp")}</p>
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <thead>
              <tr>
                <th scope="col" className="px-2 py-1 text-left">{t("partners.netRates.category")}</th>
                <th scope="col" className="px-2 py-1 text-left">{t("partners.netRates.perKm")}</th>
                <th scope="col" className="px-2 py-1 text-left">{t("partners.netRates.perHour")}</th>
              </tr>
            </thead>
            <tbody>
              {categories.map((c) => (
                <tr key={c} className="border-t border-slate-200 align-top admin-dark:border-slate-800">
                  <th scope="row" className="px-2 py-2 text-left font-medium">{c}</th>
                  <td className="px-2 py-2">
                    <AmountInput name={perKmField(c)} label={t("partners.netRates.perKmLabel", { category: c })} state={state} readOnly={readOnly} />
                  </td>
                  <td className="px-2 py-2">
                    <AmountInput name={perHourField(c)} label={t("partners.netRates.perHourLabel", { category: c })} state={state} readOnly={readOnly} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      {canWrite ? (
        <div className="flex justify-end">
          <button type="submit" className={buttonClass("primary")} disabled={busy}>
            {busy ? t("ui.saving") : t("partners.netRates.submit")}
          </button>
        </div>
      ) : null}
    </Form>
  );
}
