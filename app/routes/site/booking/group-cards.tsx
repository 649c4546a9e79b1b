/**
 * A party too large for one car (issue 32), on the results page: the combination's cars on its
 * card (pictures, each car with how many of the party and their bags ride in it), and the line
 * above the cards saying why combinations are offered.
 */
import { useTranslation } from "~/i18n/react";
import { useCategoryLabel } from "~/fleet/category";

export interface GroupCar {
  id: string;
  name: string;
  category: string;
  image: string;
  passengers: number;
  luggage: number | null;
}

export function GroupIntro({ passengers }: { passengers: number }) {
  const { t } = useTranslation("booking");
  return (
    <p data-testid="group-intro" className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 text-sm dark:border-slate-800 dark:bg-slate-900">
      {t("groups.intro", { count: passengers })}
    </p>
  );
}

export function GroupPictures({ group, dim }: { group: readonly GroupCar[]; dim: boolean }) {
  return (
    <div className={`grid aspect-[16/9] w-full gap-0.5 bg-slate-100 ${group.length > 2 ? "grid-cols-3" : "grid-cols-2"} ${dim ? "opacity-50 grayscale" : ""}`}>
      {group.map((car) => (
        <img key={car.id} src={car.image} alt="" loading="lazy" className="h-full w-full object-cover" />
      ))}
    </div>
  );
}

export function GroupSummary({ group }: { group: readonly GroupCar[] }) {
  const { t } = useTranslation("booking");
  const categoryLabel = useCategoryLabel();
  return (
    <>
      <p className="text-xs font-semibold tracking-widest text-slate-500 uppercase dark:text-slate-400">{t("groups.cars", { count: group.length })}</p>
      <h3 className="sr-only">{group.map((c) => c.name).join(" + ")}</h3>
      <ol className="mt-1 space-y-2" data-group-cars>
        {group.map((car) => (
          <li key={car.id}>
            <p className="font-semibold">{car.name} <span className="text-xs font-normal text-slate-500 dark:text-slate-400">· {categoryLabel(car.category)}</span></p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {car.luggage === null ? t("groups.share", { count: car.passengers }) : t("groups.shareWithBags", { count: car.passengers, bags: car.luggage })}
            </p>
          </li>
        ))}
      </ol>
    </>
  );
}
