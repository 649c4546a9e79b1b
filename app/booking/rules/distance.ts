/**
 * Distances as text (spec §9): a map service's "31.4 km" is read by keeping only digits and the
 * dot. Thousands separators with a comma ("1,234.5 km") therefore read correctly; a text without
 * any digit gives null.
 */
export function parseDistanceText(text: string | null | undefined): number | null {
  if (typeof text !== "string") return null;
  const kept = text.replace(/[^0-9.]/g, "");
  if (!/[0-9]/.test(kept)) return null;
  const value = Number.parseFloat(kept);
  return Number.isFinite(value) ? value : null;
}
