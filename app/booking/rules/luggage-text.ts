/**
 * The special luggage in words (issue 32), for the pages, the mails, the office and the driver:
 * "1 pram, 2 golf bags". Each catalogue keeps the counts under its own prefix (the office's and the
 * driver's catalogues are their own); the caller's `t` and prefix say which.
 */
import { luggageItemList, type LuggageItems } from "./capacity";

export function luggageItemsText(t: (key: string, options: { count: number }) => string, items: LuggageItems | null | undefined, prefix = "luggageItems.count"): string {
  return luggageItemList(items)
    .map(({ kind, count }) => t(`${prefix}.${kind}`, { count }))
    .join(", ");
}
