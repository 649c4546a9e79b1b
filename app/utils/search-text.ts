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
 * An FTS5 trigram query for rows holding any of the given folded substrings: each as a quoted
 * phrase (a phrase of trigrams is a substring), joined by OR. Null when one of them cannot be
 * looked up so: under three characters, or holding a LIKE wildcard or escape (`%`, `_`, `\`),
 * which the caller's `like` treats its own way; such queries keep the plain `like` scan.
 */
export function trigramMatchQuery(substrings: string[]): string | null {
  if (substrings.length === 0 || substrings.some((s) => [...s].length < 3 || /[\\%_]/.test(s))) return null;
  return substrings.map((s) => `"${s.replace(/"/g, '""')}"`).join(" OR ");
}

const CYRILLIC = /[\u0400-\u04ff]/;
const VOWELS = "аеёиоуыэюяьъ";
/**
 * Cyrillic letters as Latin, two ways: `turkish` as Russians' spellings of Turkish names map back
 * to Turkish (Кемер → kemer, Гёйнюк → goynuk, Чамьюва → camyuva, Окурджалар → okurcalar: ш→s,
 * ч→c, дж→c, ж→j, ю/ё after a consonant → u/o, as Turkish ü/ö fold), and `english` as the common
 * English transliteration (ш→sh, ч→ch, ж→zh, х→kh, ю→yu). Other characters pass through.
 */
const TO_LATIN: Record<"turkish" | "english", Record<string, string>> = {
  turkish: {
    а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ё: "o", ж: "j", з: "z", и: "i", й: "y", к: "k", л: "l", м: "m",
    н: "n", о: "o", п: "p", р: "r", с: "s", т: "t", у: "u", ф: "f", х: "h", ц: "ts", ч: "c", ш: "s", щ: "s",
    ъ: "", ы: "i", ь: "", э: "e", ю: "u", я: "a",
  },
  english: {
    а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ё: "yo", ж: "zh", з: "z", и: "i", й: "y", к: "k", л: "l", м: "m",
    н: "n", о: "o", п: "p", р: "r", с: "s", т: "t", у: "u", ф: "f", х: "kh", ц: "ts", ч: "ch", ш: "sh", щ: "shch",
    ъ: "", ы: "y", ь: "", э: "e", ю: "yu", я: "ya",
  },
};

export function transliterateCyrillic(text: string, style: "turkish" | "english" = "turkish"): string {
  const table = TO_LATIN[style];
  const s = text.toLowerCase();
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    const prev = i > 0 ? s[i - 1]! : "";
    const afterVowelOrStart = !/[\u0430-\u044f\u0451]/.test(prev) || VOWELS.includes(prev);
    if (style === "turkish" && ch === "д" && s[i + 1] === "ж") {
      out += "c";
      i++;
    } else if (style === "turkish" && afterVowelOrStart && (ch === "я" || ch === "ю" || ch === "ё")) {
      // at a word's start, after a vowel or a soft/hard sign the letter is a y-sound: Анталья → antalya
      out += `y${table[ch]}`;
    } else if (style === "turkish" && ch === "е" && prev && VOWELS.includes(prev) && prev !== "ь" && prev !== "ъ") {
      out += "ye"; // Кадрие → kadriye
    } else {
      out += table[ch] ?? ch;
    }
  }
  return out;
}

/**
 * The folded forms a typed place name is searched under: itself, and for Cyrillic text its Latin
 * transliterations, for German umlauts written out (Oeludeniz, Goeynuek) the folded letter.
 */
export function searchVariants(text: string): string[] {
  const variants = [foldSearchText(text)];
  if (CYRILLIC.test(text)) variants.push(foldSearchText(transliterateCyrillic(text, "turkish")), foldSearchText(transliterateCyrillic(text, "english")));
  const base = variants[0]!;
  if (/[ou]e/.test(base)) variants.push(base.replace(/([ou])e/g, "$1"));
  return [...new Set(variants.filter(Boolean))];
}

/**
 * A phone number's digits in one international form, stored in search text and applied to
 * queries alike: "+90 532 123 45 67", "0090 532 123 45 67", the national "0532 123 45 67" and the
 * bare "532 123 45 67" all become "905321234567" (a leading 0 is the Turkish trunk prefix, and ten
 * digits starting with 5 are a Turkish mobile written without it: the office is in Antalya).
 */
export function phoneSearchDigits(phone: string): string {
  const digits = phone.replace(/\D+/g, "");
  if (digits.startsWith("00")) return digits.slice(2);
  if (digits.startsWith("0")) return `90${digits.slice(1)}`;
  if (digits.length === 10 && digits.startsWith("5")) return `90${digits}`;
  return digits;
}

/**
 * The LIKE patterns a short list's search (drivers, partners) matches `search_text` against: the
 * folded words, and with four or more digits the phone's digits in their stored form too.
 */
export function searchTextPatterns(query: string): string[] {
  const q = query.trim();
  const digits = q.replace(/\D+/g, "");
  return [`%${foldSearchText(q)}%`, ...(digits.length >= 4 ? [`%${phoneSearchDigits(q)}%`] : [])];
}

/** A query that reads as (part of) a phone number: its digits in the stored form; otherwise null. */
export function phoneQueryDigits(query: string): string | null {
  const q = query.trim();
  if (!/^\+?[\d\s()./-]+$/.test(q) || q.replace(/\D+/g, "").length < 4) return null;
  return phoneSearchDigits(q);
}

/**
 * A flight number in the forms the office types it: as written, without spaces or dashes
 * ("TK2412") and with one space between airline and number ("TK 2412"), so "tk2412" and
 * "TK 2412" both find a booking whoever wrote which.
 */
export function flightSearchForms(flight: string | null | undefined): string[] {
  const typed = (flight ?? "").trim();
  if (!typed) return [];
  const compact = typed.replace(/[\s-]+/g, "");
  const split = /^([A-Za-z0-9]{2}[A-Za-z]?)(\d{1,5}[A-Za-z]?)$/.exec(compact);
  return [...new Set([typed, compact, ...(split ? [`${split[1]} ${split[2]}`] : [])])];
}
