import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";

/**
 * Child seats by age (issue 32): the infant carrier, child seat and booster named by age and weight
 * in the four languages, and ordered youngest first. A name is replaced only where it is still the
 * seed's (the office may have renamed it); the order only where it is still the seed's. An office
 * whose extras lack the infant carrier gets it (a database without extras is seeded later with it).
 * Frozen: the names are written here, not read from the seed.
 */
type Names = Record<"tr" | "en" | "de" | "ru", string>;
interface ExtraRow {
  id: string;
  code: string;
  names: string;
  sort_order: number;
}
type Db = Kysely<{ extras: ExtraRow & { price: number; pricing: string; max_quantity: number; needs_text: number; active: number; created_at: string; updated_at: string } }>;

const OLD: Record<string, Names> = {
  "infant-seat": { tr: "Bebek koltuğu (0–13 kg)", en: "Infant seat (0–13 kg)", de: "Babyschale (0–13 kg)", ru: "Автолюлька (0–13 кг)" },
  "child-seat": { tr: "Çocuk koltuğu (9–18 kg)", en: "Child seat (9–18 kg)", de: "Kindersitz (9–18 kg)", ru: "Детское кресло (9–18 кг)" },
  "booster-seat": { tr: "Yükseltici koltuk (15–36 kg)", en: "Booster seat (15–36 kg)", de: "Sitzerhöhung (15–36 kg)", ru: "Бустер (15–36 кг)" },
};
const NEW: Record<string, Names> = {
  "infant-seat": { tr: "Bebek koltuğu (0–12 ay, 13 kg'a kadar)", en: "Infant carrier (0–12 months, up to 13 kg)", de: "Babyschale (0–12 Monate, bis 13 kg)", ru: "Автолюлька (0–12 месяцев, до 13 кг)" },
  "child-seat": { tr: "Çocuk koltuğu (1–4 yaş, 9–18 kg)", en: "Child seat (1–4 years, 9–18 kg)", de: "Kindersitz (1–4 Jahre, 9–18 kg)", ru: "Детское кресло (1–4 года, 9–18 кг)" },
  "booster-seat": { tr: "Yükseltici koltuk (4–12 yaş, 15–36 kg)", en: "Booster seat (4–12 years, 15–36 kg)", de: "Sitzerhöhung (4–12 Jahre, 15–36 kg)", ru: "Бустер (4–12 лет, 15–36 кг)" },
};
const OLD_ORDER: Record<string, number> = { "child-seat": 1, "booster-seat": 2, "infant-seat": 3 };
const NEW_ORDER: Record<string, number> = { "infant-seat": 1, "child-seat": 2, "booster-seat": 3 };

function readNames(text: string): Partial<Names> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" ? (parsed as Partial<Names>) : {};
  } catch {
    return {};
  }
}

/** Each language's name moved from `from` to `to` where it is still `from`'s. */
function renamed(names: Partial<Names>, from: Names, to: Names): Partial<Names> {
  const out = { ...names };
  for (const lang of ["tr", "en", "de", "ru"] as const) if (out[lang] === from[lang]) out[lang] = to[lang];
  return out;
}

async function rename(db: Db, from: Record<string, Names>, to: Record<string, Names>, fromOrder: Record<string, number>, toOrder: Record<string, number>) {
  const rows = await db.selectFrom("extras").select(["id", "code", "names", "sort_order"]).where("code", "in", Object.keys(from)).execute();
  const seedOrder = rows.length === 3 && rows.every((r) => fromOrder[r.code] === Number(r.sort_order));
  for (const row of rows) {
    const names = JSON.stringify(renamed(readNames(row.names), from[row.code]!, to[row.code]!));
    const sortOrder = seedOrder ? toOrder[row.code]! : Number(row.sort_order);
    if (names !== row.names || sortOrder !== Number(row.sort_order)) await db.updateTable("extras").set({ names, sort_order: sortOrder }).where("id", "=", row.id).execute();
  }
}

export async function up(db: Kysely<unknown>) {
  const d = db as unknown as Db;
  const count = await d.selectFrom("extras").select("id").limit(1).execute();
  const infant = await d.selectFrom("extras").select("id").where("code", "=", "infant-seat").executeTakeFirst();
  if (count.length > 0 && !infant) {
    const at = new Date().toISOString();
    await d
      .insertInto("extras")
      .values({ id: randomUUID(), code: "infant-seat", names: JSON.stringify(OLD["infant-seat"]), price: 30_000, pricing: "unit", max_quantity: 2, needs_text: 0, active: 1, sort_order: 3, created_at: at, updated_at: at })
      .execute();
  }
  await rename(d, OLD, NEW, OLD_ORDER, NEW_ORDER);
}

export async function down(db: Kysely<unknown>) {
  await rename(db as unknown as Db, NEW, OLD, NEW_ORDER, OLD_ORDER);
}
