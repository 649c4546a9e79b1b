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
