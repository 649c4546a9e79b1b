/**
 * A car's category as a visitor reads it: the one list of DESIGN.md §7 is translated through
 * `common:car.categories.*`; a category outside the list (typed by the office before the list
 * existed, say) is shown as stored, and an empty one as "Standard". Used by the fleet and home
 * cards and the results page, so a category reads the same everywhere.
 */
import { useTranslation } from "~/i18n/react";
import { CAR_CATEGORIES, type CarCategory } from "./car";

/** The few translation calls this needs (an i18next `t` of any namespace fits). */
type Translate = (key: string) => string;

// Not the Turkish lower case: "MINIBÜS" must meet "Minibüs" (Turkish would make the I a dotless ı).
const fold = (s: string) => s.normalize("NFC").trim().toLowerCase();
const KNOWN = new Map<string, CarCategory>(CAR_CATEGORIES.map((c) => [fold(c), c]));

/** The list's own spelling of a stored category ("MINIBÜS" → "Minibüs"), or null when it is not on the list. */
export function knownCategory(category: string): CarCategory | null {
  return KNOWN.get(fold(category)) ?? null;
}

export function categoryLabel(t: Translate, category: string | null | undefined): string {
  const raw = category?.trim() ?? "";
  if (!raw) return t("common:car.defaultCategory");
  const known = knownCategory(raw);
  return known ? t(`common:car.categories.${known}`) : raw;
}

/** `categoryLabel` in the page's language. */
export function useCategoryLabel(): (category: string | null | undefined) => string {
  const { t } = useTranslation("common");
  return (category) => categoryLabel((key) => t(key), category);
}
