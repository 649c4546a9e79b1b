/**
 * The top bar's search: bookings (name, e-mail, phone, reference, places: their search_text) and
 * cars (name, make, model, category), folded the same way as the stored text.
 */
import { sql, type Kysely } from "kysely";
import type { BookingStatus, CarStatus, Database } from "~/server/db/schema";
import { kurusToLira } from "~/utils/money";
import { foldSearchText, likePattern } from "~/utils/search-text";
import { bookingsMatchingText } from "~/booking/index.server";

export const SEARCH_LIMIT = 20;
export const SEARCH_MIN_LENGTH = 2;

export interface SearchResults {
  bookings: Array<{
    id: string;
    reference: string;
    fullName: string;
    email: string;
    phone: string;
    pickupLocation: string;
    dropoffLocation: string;
    pickupDate: string;
    status: BookingStatus;
    totalPrice: number;
  }>;
  cars: Array<{ id: string; name: string; make: string; model: string; category: string; status: CarStatus }>;
}

const matches = (column: string, q: string) => sql<boolean>`${sql.ref(column)} like ${likePattern(q)} escape '\\'`;

export async function adminSearch(db: Kysely<Database>, query: string): Promise<SearchResults> {
  const q = query.trim().slice(0, 100);
  if (foldSearchText(q).length < SEARCH_MIN_LENGTH) return { bookings: [], cars: [] };
  // A phone typed any way ("0532 123 45 67", "+90 532…") also matches the stored international digits.
  const [bookings, cars] = await Promise.all([
    bookingsMatchingText(db, q, SEARCH_LIMIT),
    db
      .selectFrom("cars")
      .select(["id", "name", "make", "model", "category", "status"])
      .where(matches("search_text", q))
      .orderBy("sort_order")
      .orderBy("name")
      .limit(SEARCH_LIMIT)
      .execute(),
  ]);
  return {
    bookings: bookings.map((b) => ({
      id: b.id,
      reference: b.reference,
      fullName: b.full_name,
      email: b.email,
      phone: b.phone,
      pickupLocation: b.pickup_location,
      dropoffLocation: b.dropoff_location,
      pickupDate: b.pickup_date,
      status: b.status,
      totalPrice: kurusToLira(b.total_price),
    })),
    cars,
  };
}
