/**
 * Distance and duration under a route preview: `{n} km`, `{h} saat {m} dk` (spec §9), marked
 * "≈ … (estimate)" when they come from the offline estimate, with the GeoNames credit.
 */
import { useTranslation } from "~/i18n/react";
import { formatDistanceKm, formatDuration } from "~/booking/rules/format";
import { km as asKm } from "~/booking/rules/units";

export function RouteFigures({ km, seconds, estimate, label }: { km: number; seconds: number; estimate: boolean; label?: string }) {
  const { t, i18n } = useTranslation("booking");
  // The figures arrive as JSON numbers (loader data, the route preview): they take their unit here.
  const figures = `${formatDistanceKm(asKm(km), i18n.language)} · ${formatDuration(seconds, i18n.language)}`;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-200">
      {label && <span className="font-semibold">{label}: </span>}
      {estimate ? t("route.estimate", { figures }) : figures}
    </p>
  );
}

/** The credit the shipped gazetteer's data asks for, and, for an estimated distance, that it is one. */
export function PlacesCredit({ estimate }: { estimate: boolean }) {
  const { t } = useTranslation("booking");
  return (
    <p className="text-xs text-slate-500 dark:text-slate-400">
      {t("route.credit")}
      {estimate && ` ${t("route.estimateNote")}`}
    </p>
  );
}

/** What was typed reads as the place's name: the name itself, or its start ("Belek" for "Belek, Antalya"). */
export const readsAs = (typed: string, label: string) => label.trim().toLocaleLowerCase().startsWith(typed.trim().toLocaleLowerCase()) && typed.trim() !== "";

/**
 * A leg as the places it was priced between, named in the visitor's language ("Antalya Airport
 * (AYT) → Kemer"), with what was typed under it when that reads differently ("AYT → Kemer"), so
 * the search stays recognisable.
 */
export function ResolvedPlaces({ typed, leg }: { typed: [string, string]; leg: { from: { label: string }; to: { label: string } } }) {
  const { t } = useTranslation("booking");
  return (
    <>
      <dd className="mt-1" data-resolved-route>{leg.from.label} → {leg.to.label}</dd>
      {!(readsAs(typed[0], leg.from.label) && readsAs(typed[1], leg.to.label)) && (
        <dd className="text-xs text-slate-500 dark:text-slate-400" data-searched>
          {t("summary.searched", { from: typed[0], to: typed[1] })}
        </dd>
      )}
    </>
  );
}

/** The figures inside a sentence (the total distance line). */
export function RouteFiguresInline(props: { km: number; seconds: number; estimate: boolean }) {
  return <span className="inline-block align-baseline [&>p]:inline"><RouteFigures {...props} /></span>;
}
