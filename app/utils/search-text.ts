/**
 * Case- and accent-insensitive search text, folded in the application because SQLite's lower()
 * knows only ASCII and ilike exists only on PostgreSQL. Stored in `search_text` columns and applied
 * to the query, so "İSTANBUL", "istanbul" and "Istanbul" all match, and "havalimani" finds "Havalimanı".
 */
const TURKISH: Record<string, string> = {
  İ: "i", I: "i", ı: "i", i: "i",
  Ş: "s", ş: "s", Ğ: "g", ğ: "g", Ü: "u", ü: "u", Ö: "o", ö: "o", Ç: "c", ç: "c",
};

export function foldSearchText(...parts: Array<string | null | undefined>): string {
  return parts
    .filter((p): p is string => typeof p === "string" && p.length > 0)
    .join(" ")
    .replace(/[İIıiŞşĞğÜüÖöÇç]/g, (ch) => TURKISH[ch] ?? ch)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** A LIKE pattern for a folded query, with LIKE's wildcards escaped (use with `escape '\\'`). */
export function likePattern(query: string): string {
  return `%${foldSearchText(query).replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * A phone number's digits in one international form, stored in search text and applied to
 * queries alike: "+90 532 123 45 67", "0090 532 123 45 67" and the national "0532 123 45 67" all
 * become "905321234567" (a leading 0 is the Turkish trunk prefix: the office is in Antalya).
 */
export function phoneSearchDigits(phone: string): string {
  const digits = phone.replace(/\D+/g, "");
  if (digits.startsWith("00")) return digits.slice(2);
  if (digits.startsWith("0")) return `90${digits.slice(1)}`;
  return digits;
}

/** A query that reads as (part of) a phone number: its digits in the stored form; otherwise null. */
export function phoneQueryDigits(query: string): string | null {
  const q = query.trim();
  if (!/^\+?[\d\s()./-]+$/.test(q) || q.replace(/\D+/g, "").length < 4) return null;
  return phoneSearchDigits(q);
}
