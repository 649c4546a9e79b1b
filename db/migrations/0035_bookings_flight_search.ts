import type { Kysely } from "kysely";

/**
 * `bookings.search_text` also carries the flight number (as typed, compact "tk2412" and spaced
 * "tk 2412"), a Turkish mobile stored without its 0 as international digits, and, for rows
 * written before the addresses were indexed, the hotels or addresses at each leg end. Existing rows are re-indexed in batches, the same way on SQLite and PostgreSQL.
 * Frozen: a copy of the rule in `bookingSearchText` as of this migration, no imports from the app.
 * Down puts back 0030's rule (without addresses and flight).
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
  pickup_address: string | null;
  dropoff_address: string | null;
  return_pickup_address: string | null;
  return_dropoff_address: string | null;
  flight_number: string | null;
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

/** 0030's rule: a leading 00 or trunk 0 becomes the international form. */
function internationalDigits(phone: string): string {
  const digits = phone.replace(/\D+/g, "");
  if (digits.startsWith("00")) return digits.slice(2);
  if (digits.startsWith("0")) return `90${digits.slice(1)}`;
  return digits;
}

/** And a Turkish mobile written without its 0 ("532 111 2233", ten digits from 5) gets 90 too. */
function phoneDigits(phone: string): string {
  const digits = internationalDigits(phone);
  return digits.length === 10 && digits.startsWith("5") ? `90${digits}` : digits;
}

function flightForms(flight: string | null): string[] {
  const typed = (flight ?? "").trim();
  if (!typed) return [];
  const compact = typed.replace(/[\s-]+/g, "");
  const split = /^([A-Za-z0-9]{2}[A-Za-z]?)(\d{1,5}[A-Za-z]?)$/.exec(compact);
  return [...new Set([typed, compact, ...(split ? [`${split[1]} ${split[2]}`] : [])])];
}

const current = (b: Row) =>
  fold(
    b.reference,
    b.full_name,
    b.email,
    b.phone,
    phoneDigits(b.phone),
    b.pickup_location,
    b.dropoff_location,
    b.return_pickup_location,
    b.return_dropoff_location,
    b.pickup_address,
    b.dropoff_address,
    b.return_pickup_address,
    b.return_dropoff_address,
    ...flightForms(b.flight_number),
  );

const previous = (b: Row) =>
  fold(b.reference, b.full_name, b.email, b.phone, internationalDigits(b.phone), b.pickup_location, b.dropoff_location, b.return_pickup_location, b.return_dropoff_location);

async function reindex(db: Db, searchText: (row: Row) => string) {
  let after = "";
  for (;;) {
    const rows: Row[] = await db
      .selectFrom("bookings")
      .select([
        "id",
        "reference",
        "full_name",
        "email",
        "phone",
        "pickup_location",
        "dropoff_location",
        "return_pickup_location",
        "return_dropoff_location",
        "pickup_address",
        "dropoff_address",
        "return_pickup_address",
        "return_dropoff_address",
        "flight_number",
        "search_text",
      ])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const next = searchText(row);
      if (next !== row.search_text) await db.updateTable("bookings").set({ search_text: next }).where("id", "=", row.id).execute();
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function up(db: Kysely<unknown>) {
  await reindex(db as unknown as Db, current);
}

export async function down(db: Kysely<unknown>) {
  await reindex(db as unknown as Db, previous);
}
