/**
 * One greeting per language in everything we write to people (mails to guests, drivers and staff,
 * WhatsApp/SMS texts): a premium service does not say "Guten Tag" in one mail and "Hallo" in the
 * next. Every text that opens with a greeting, in any catalogue, opens with the language's form.
 * Left out: the guest's own words (the WhatsApp message we prefill for them to send us) and the
 * driver app's welcome line on its screen, which are not letters.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "./config";

const ROOT = join(process.cwd(), "locales");

/** The formal form each language greets with. */
const FORM: Record<Language, string> = { en: "Dear", de: "Guten Tag", tr: "Sayın", ru: "Здравствуйте" };

/** Openings a greeting could have in each language: a text starting with one is a greeting. */
const OPENINGS: Record<Language, string[]> = {
  en: ["Dear", "Hello", "Hi", "Good morning", "Good afternoon", "Good day"],
  de: ["Guten Tag", "Hallo", "Liebe", "Lieber", "Sehr geehrte", "Moin", "Grüß Gott"],
  tr: ["Sayın", "Merhaba", "Değerli", "İyi günler", "Selam"],
  ru: ["Здравствуйте", "Привет", "Добрый день", "Уважаем", "Дорог"],
};

/** Keys whose texts are not our greeting to someone. */
const NOT_LETTERS = [/^common:whatsapp\.message/, /^driver:trips\.hello$/];

/** Every text of a catalogue with its dotted key. */
function texts(value: unknown, prefix = ""): Array<[string, unknown]> {
  if (value === null || typeof value !== "object") return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) => texts(child, prefix ? `${prefix}.${key}` : key));
}

function greetings(lng: Language): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const file of readdirSync(join(ROOT, lng)).filter((f) => f.endsWith(".json"))) {
    const ns = file.replace(/\.json$/, "");
    for (const [key, value] of texts(JSON.parse(readFileSync(join(ROOT, lng, file), "utf8")))) {
      const id = `${ns}:${key}`;
      if (typeof value !== "string" || NOT_LETTERS.some((re) => re.test(id))) continue;
      if (OPENINGS[lng].some((opening) => new RegExp(`^${opening}[\\s,!]`, "u").test(value))) found.push([id, value]);
    }
  }
  return found;
}

describe("greetings", () => {
  it.each(LANGUAGES)("in %s all open with the same formal form", (lng) => {
    const found = greetings(lng);
    // the mails' greetings are found (the check is not vacuous)
    expect(found.map(([id]) => id)).toEqual(expect.arrayContaining(["booking:mail.customerHello", "booking:changeMail.hello", "booking-status:greeting", "quote:mail.hello"]));
    expect(found.filter(([, text]) => !text.startsWith(FORM[lng]))).toEqual([]);
  });
});
