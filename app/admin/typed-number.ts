/**
 * Numbers as the office types them in the back office's pricing forms: "1250", "1.250,50"
 * (Turkish), "1250,5", "1250.50", "1,250.50", with a "₺"/"TL" or spaces around. Pure, shared by
 * the server and the browser, so a field is read the same way on both sides.
 *
 * Dots alone are thousands only in whole groups of three ("1.250" is 1250, as a Turkish reader
 * means it); "52.40" stays 52.4. Rates (`grouping: false`) never have thousands: "52.4000" is 52.4.
 */

export interface TypedNumberOptions {
  /** accept thousands separators (amounts); rates turn it off */
  grouping?: boolean;
  /** the most decimals allowed; more is "not a number" for the form */
  decimals?: number;
}

/** The number typed, `undefined` when blank, NaN when it is not one (or has too many decimals). */
export function parseTypedNumber(value: unknown, { grouping = true, decimals = 2 }: TypedNumberOptions = {}): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number") return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value !== "string") return Number.NaN;
  const text = value.replace(/\s|\u00a0|₺|TL$/gi, "");
  if (text === "") return undefined;
  let integer: string;
  let fraction = "";
  const lastComma = text.lastIndexOf(",");
  const lastDot = text.lastIndexOf(".");
  if (lastComma >= 0 && lastDot >= 0) {
    if (!grouping) return Number.NaN;
    // the later separator is the decimal one, the other groups thousands
    const [thousands, decimal] = lastComma > lastDot ? [".", ","] : [",", "."];
    const at = text.lastIndexOf(decimal);
    integer = text.slice(0, at);
    fraction = text.slice(at + 1);
    if (!new RegExp(`^\\d{1,3}(\\${thousands}\\d{3})*$`).test(integer)) return Number.NaN;
    integer = integer.split(thousands).join("");
  } else if (lastComma >= 0 || lastDot >= 0) {
    const sep = lastComma >= 0 ? "," : ".";
    const parts = text.split(sep);
    if (grouping && sep === "." && /^\d{1,3}(\.\d{3})+$/.test(text)) {
      integer = parts.join("");
    } else if (parts.length === 2) {
      [integer, fraction] = parts as [string, string];
    } else return Number.NaN;
  } else integer = text;
  if (!/^\d+$/.test(integer) || !/^\d*$/.test(fraction) || fraction.length > decimals) return Number.NaN;
  if (fraction === "" && (lastComma >= 0 || lastDot >= 0) && !/^\d{1,3}([.,]\d{3})+$/.test(text)) return Number.NaN;
  return Number(`${integer}.${fraction || "0"}`);
}

/** A whole number as typed ("20", " 20 "); blank is `undefined`, anything else NaN. */
export function parseTypedInteger(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number") return Number.isInteger(value) ? value : Number.NaN;
  if (typeof value !== "string") return Number.NaN;
  const text = value.trim();
  if (text === "") return undefined;
  return /^-?\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
}
