/**
 * The guests' table (migration 0110) and the bookings' link to it: the only code that names
 * `customers`. Matching, the list, one guest with their bookings, and the KVKK erasure of a guest's
 * personal data in their bookings.
 */
import { randomUUID } from "node:crypto";
import { sql, SqliteAdapter, type Kysely, type SqlBool, type Transaction } from "kysely";
import type { CustomerRow, Database } from "~/server/db/schema";
import { foldSearchText, phoneSearchDigits, trigramMatchQuery } from "~/utils/search-text";
import { toCount } from "~/server/db/convert";
import { normalizePhone } from "../rules/contact";

type Db = Kysely<Database> | Transaction<Database>;

/** What a booking says of its guest, for matching. */
export interface GuestContact {
  fullName: string;
  email: string;
  phone: string;
  language: string;
}

export const phoneKey = (phone: string) => {
  const digits = phoneSearchDigits(phone);
  return digits.length >= 7 ? digits : "";
};
export const emailKey = (email: string) => email.trim().toLowerCase();
export const customerSearchText = (c: { full_name: string; email: string; phone: string }) => foldSearchText(c.full_name, c.email, c.phone, phoneSearchDigits(c.phone));

/** The live guest with this phone, else with this e-mail; none when neither is known. */
export async function findCustomer(db: Db, contact: Pick<GuestContact, "email" | "phone">): Promise<CustomerRow | undefined> {
  const phone = phoneKey(contact.phone);
  if (phone) {
    const byPhone = await db.selectFrom("customers").selectAll().where("phone_key", "=", phone).where("anonymised_at", "is", null).executeTakeFirst();
    if (byPhone) return byPhone;
  }
  const email = emailKey(contact.email);
  if (!email) return undefined;
  return db.selectFrom("customers").selectAll().where("email_key", "=", email).where("anonymised_at", "is", null).orderBy("updated_at", "desc").limit(1).executeTakeFirst();
}

/**
 * The booking's guest: the one known by its phone or e-mail (their last booking and trip moved
 * on, an e-mail or phone they lacked filled in), or a new one. Two bookings of a new guest at once
 * make one row (the unique phone among live guests: the loser reads the winner's).
 */
export async function matchCustomer(db: Db, contact: GuestContact, booking: { createdAt: string; pickupAt: string }): Promise<string> {
  const found = await findCustomer(db, contact);
  if (found) {
    await db
      .updateTable("customers")
      .set({
        last_booked_at: sql`case when last_booked_at is null or last_booked_at < ${booking.createdAt} then ${booking.createdAt} else last_booked_at end`,
        last_trip_at: sql`case when last_trip_at is null or last_trip_at < ${booking.pickupAt} then ${booking.pickupAt} else last_trip_at end`,
        ...(found.email ? {} : { email: contact.email.trim(), email_key: emailKey(contact.email) }),
        ...(found.phone_key ? {} : { phone: normalizePhone(contact.phone), phone_key: phoneKey(contact.phone) }),
        updated_at: booking.createdAt,
      })
      .where("id", "=", found.id)
      .execute();
    return found.id;
  }
  const row = {
    id: randomUUID(),
    full_name: contact.fullName.trim(),
    email: contact.email.trim(),
    email_key: emailKey(contact.email),
    // in the one form the office reads ("+90 532 123 45 67"); another country's as typed
    phone: normalizePhone(contact.phone),
    phone_key: phoneKey(contact.phone),
    language: contact.language,
    search_text: "",
    last_booked_at: booking.createdAt,
    last_trip_at: booking.pickupAt,
    created_at: booking.createdAt,
    updated_at: booking.createdAt,
  };
  row.search_text = customerSearchText(row);
  const inserted = await db
    .insertInto("customers")
    .values(row)
    .onConflict((oc) => oc.column("phone_key").where("anonymised_at", "is", null).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return row.id;
  const winner = await findCustomer(db, contact);
  if (!winner) throw new Error("customer neither inserted nor found");
  return winner.id;
}

export async function linkBookingToCustomer(db: Db, bookingId: string, customerId: string): Promise<void> {
  await db.updateTable("bookings").set({ customer_id: customerId }).where("id", "=", bookingId).execute();
}

/** Bookings no guest is linked to yet (made before guests were kept), oldest first. */
export function unlinkedBookings(db: Db, limit: number) {
  return db
    .selectFrom("bookings")
    .select(["id", "full_name", "email", "phone", "locale", "created_at", "pickup_date", "return_date"])
    .where("customer_id", "is", null)
    .where("phone", "!=", "")
    .orderBy("created_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** The guests matching a search (name, e-mail, phone in any format), the latest booked first. */
export function customersMatching(db: Db, q: string | undefined, page: { limit: number; offset: number }) {
  let query = db.selectFrom("customers").where("anonymised_at", "is", null);
  const text = q?.trim();
  if (text) {
    // a phone typed any way is found by its international digits, which every guest's search text holds
    const digits = /^\+?[\d\s()./-]{4,}$/.test(text) ? phoneSearchDigits(text) : null;
    const substrings = [foldSearchText(text), ...(digits ? [digits] : [])];
    // on SQLite the candidates come from the trigram index (migration 0232); `like` still decides
    const indexed = db.getExecutor().adapter instanceof SqliteAdapter ? trigramMatchQuery(substrings) : null;
    query = query.where((eb) => {
      const like = eb.or(substrings.map((s) => eb("search_text", "like", `%${s}%`)));
      return indexed ? eb.and([sql<SqlBool>`customers.rowid in (select rowid from customers_fts where customers_fts match ${indexed})`, like]) : like;
    });
  }
  return {
    // the page's ids first (from customers_live_last_booked_idx alone when nothing is searched: a
    // deep page skips index entries, not rows), then their rows by key
    rows: () =>
      db
        .selectFrom("customers")
        .selectAll()
        .where("id", "in", query.select("id").orderBy("last_booked_at", "desc").orderBy("id").limit(page.limit).offset(page.offset))
        .orderBy("last_booked_at", "desc")
        .orderBy("id")
        .execute(),
    count: async () => toCount((await query.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst())?.n as number | string),
  };
}

export function customerById(db: Db, id: string) {
  return db.selectFrom("customers").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A guest's bookings, newest trip first, with what the office needs of each. */
export function bookingsOfCustomer(db: Db, customerId: string) {
  return db
    .selectFrom("bookings")
    .select(["id", "reference", "status", "channel", "pickup_date", "return_date", "pickup_location", "dropoff_location", "car_name", "total_price", "passengers", "created_at", "full_name", "email", "phone", "notes", "flight_number", "pickup_address", "dropoff_address", "return_pickup_address", "return_dropoff_address", "locale", "payment_status", "amount_paid"])
    .where("customer_id", "=", customerId)
    .orderBy("pickup_date", "desc")
    .execute();
}

export async function updateCustomerRow(db: Db, id: string, values: { notes?: string; language?: string; marketing_consent_at?: string | null; full_name?: string }, at: string) {
  const current = await customerById(db, id);
  if (!current || current.anonymised_at) return false;
  const next = { ...current, ...values };
  await db
    .updateTable("customers")
    .set({ ...values, search_text: customerSearchText(next), updated_at: at })
    .where("id", "=", id)
    .execute();
  return true;
}

/** The placeholder name an erased guest's bookings keep (the office still sees a trip was made). */
export const ERASED_NAME = "—";

/**
 * Erases a guest's personal data (KVKK): in their bookings the name, e-mail, phone, notes, flight,
 * hotels or addresses and the client address are replaced and the search text rebuilt from what is
 * left; the guest's row keeps only its id and dates. Returns the bookings changed.
 */
export async function eraseCustomerRows(db: Db, id: string, at: string): Promise<number> {
  const booked = await db
    .updateTable("bookings")
    .set({
      full_name: ERASED_NAME,
      email: "",
      phone: "",
      notes: "",
      flight_number: null,
      pickup_address: null,
      dropoff_address: null,
      return_pickup_address: null,
      return_dropoff_address: null,
      client_ip: null,
      // the reference and the places stay searchable; nothing of the guest
      search_text: sql`lower(reference)`,
      updated_at: at,
    })
    .where("customer_id", "=", id)
    .executeTakeFirst();
  await db
    .updateTable("customers")
    .set({ full_name: ERASED_NAME, email: "", email_key: "", phone: "", phone_key: "", notes: "", marketing_consent_at: null, search_text: "", anonymised_at: at, updated_at: at })
    .where("id", "=", id)
    .execute();
  return Number(booked.numUpdatedRows);
}

/** Live guests whose last trip is before `cutoff` (or who never travelled and were made before it). */
export function staleCustomers(db: Db, cutoff: string, limit: number) {
  return db
    .selectFrom("customers")
    .select("id")
    .where("anonymised_at", "is", null)
    .where((eb) => eb.or([eb("last_trip_at", "<", cutoff), eb.and([eb("last_trip_at", "is", null), eb("created_at", "<", cutoff)])]))
    .orderBy("last_trip_at")
    .limit(limit)
    .execute();
}
