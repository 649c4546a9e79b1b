/**
 * Money is integer kuruş in storage and arithmetic; lira (at most two decimals) at the edges.
 * Prices are always shown in tr-TR with ₺, whatever the page's language (DESIGN.md §3).
 */

export const kurusToLira = (kurus: number): number => Math.round(kurus) / 100;

/** Lira (number or numeric text) to kuruş, rounded half away from zero; NaN stays NaN. */
export function liraToKurus(lira: number | string): number {
  const value = typeof lira === "string" ? Number(lira.replace(",", ".")) : lira;
  if (!Number.isFinite(value)) return Number.NaN;
  return Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-9);
}

const tryFormat = new Intl.NumberFormat("tr-TR", {
  style: "currency",
  currency: "TRY",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `₺1.234,56` */
export function formatTry(kurus: number): string {
  return tryFormat.format(kurus / 100);
}
