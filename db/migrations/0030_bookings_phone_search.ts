import type { Kysely } from "kysely";

/**
 * `bookings.search_text` carries the phone as international digits ("0532 123 45 67" and
 * "+90 532 123 45 67" both as 905321234567) instead of the digits as typed, so the office finds a
 * booking however the number was written. Existing rows are re-indexed in batches, the same way on
 * SQLite and PostgreSQL. Frozen: a copy of the rule in `bookingSearchText` as of this migration,
 * no imports from the app.
 */

const BATCH = 500;

type Row = {
  id: string;
  reference: string;
  full_name: string;
  email: string;
  phone: string;
  pickup_location: string;
  dropoff_location: string;
  return_pickup_location: string | null;
  return_dropoff_location: string | null;
  search_text: string;
};
type Db = Kysely<{ bookings: Row }>;

const TURKISH: Record<string, string> = {
  İ: "i", I: "i", ı: "i", i: "i",
  Ş: "s", ş: "s", Ğ: "g", ğ: "g", Ü: "u", ü: "u", Ö: "o", ö: "o", Ç: "c", ç: "c",
};

function fold(...parts: Array<string | null | undefined>): string {
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

function internationalDigits(phone: string): string {
  const digits = phone.replace(/\D+/g, "");
  if (digits.startsWith("00")) return digits.slice(2);
  if (digits.startsWith("0")) return `90${digits.slice(1)}`;
  return digits;
}

const searchText = (b: Row, phoneDigits: (phone: string) => string) =>
  fold(b.reference, b.full_name, b.email, b.phone, phoneDigits(b.phone), b.pickup_location, b.dropoff_location, b.return_pickup_location, b.return_dropoff_location);

async function reindex(db: Db, phoneDigits: (phone: string) => string) {
  let after = "";
  for (;;) {
    const rows: Row[] = await db
      .selectFrom("bookings")
      .select(["id", "reference", "full_name", "email", "phone", "pickup_location", "dropoff_location", "return_pickup_location", "return_dropoff_location", "search_text"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const next = searchText(row, phoneDigits);
      if (next !== row.search_text) await db.updateTable("bookings").set({ search_text: next }).where("id", "=", row.id).execute();
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function up(db: Kysely<unknown>) {
  await reindex(db as unknown as Db, internationalDigits);
}

export async function down(db: Kysely<unknown>) {
  await reindex(db as unknown as Db, (phone) => phone.replace(/\D+/g, ""));
}
