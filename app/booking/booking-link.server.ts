/**
 * The guest's private booking link, /my-booking/{token}, shown again in later messages (issue 16).
 * Only SHA-256 hashes of tokens are stored. A booking's first token is HMAC(first SESSION_SECRET,
 * "booking-link:{id}:{nonce}") with the stored `link_nonce`, so it can be derived again for each
 * message; `bookingLinkToken` tries every configured secret (SESSION_SECRET may be "new,old")
 * against the stored hashes. When none matches (a booking made before the nonce existed, or its
 * secret was dropped) it mints a new nonce-derived token and stores its hash in `link_token_hash`,
 * which `findBookingByToken` accepts too: the old link keeps working.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { sessionSecrets } from "~/auth/session-cookie.server";
import type { BookingRow, Database } from "~/server/db/schema";
import { hashToken } from "~/utils/token";
import { bookingLinkRow, setLinkNonce } from "./store/bookings.server";

/** The private link as the guest opens it, in their language. */
export function privateBookingUrl(publicUrl: string, token: string, locale: string): string {
  return `${publicUrl}/my-booking/${token}?lng=${locale}`;
}

export const newLinkNonce = () => randomBytes(18).toString("base64url");

/** The link's token for a booking and nonce under one secret: 43 url-safe characters. */
export function deriveLinkToken(secret: string, bookingId: string, nonce: string): string {
  return createHmac("sha256", secret).update(`booking-link:${bookingId}:${nonce}`).digest("base64url");
}

/** A new booking's token and what is stored of it; without a secret (tests' bare deps), a random token and no nonce. */
export function firstLinkToken(rawSecrets: string | undefined, bookingId: string): { token: string; nonce: string | null } {
  const secret = sessionSecrets(rawSecrets)[0];
  if (!secret) return { token: randomBytes(32).toString("base64url"), nonce: null };
  const nonce = newLinkNonce();
  return { token: deriveLinkToken(secret, bookingId, nonce), nonce };
}

type LinkRow = Pick<BookingRow, "id" | "access_token_hash" | "link_nonce" | "link_token_hash">;

/**
 * The booking's current private-link token, derived again when a configured secret matches the
 * stored nonce, otherwise minted (and its hash stored). `rawSecrets`: SESSION_SECRET as configured.
 */
export async function bookingLinkToken(db: Kysely<Database>, rawSecrets: string, booking: LinkRow): Promise<string> {
  const secrets = sessionSecrets(rawSecrets);
  if (secrets.length === 0) throw new Error("no SESSION_SECRET to derive the booking link with");
  let current: LinkRow | undefined = booking;
  for (let tries = 0; tries < 3 && current; tries++) {
    if (current.link_nonce) {
      for (const secret of secrets) {
        const token = deriveLinkToken(secret, current.id, current.link_nonce);
        const hash = hashToken(token);
        if (hash === current.access_token_hash || hash === current.link_token_hash) return token;
      }
    }
    // Mint a new one; the condition on the old nonce makes two racing mints agree on one.
    const nonce = newLinkNonce();
    const token = deriveLinkToken(secrets[0]!, current.id, nonce);
    if (await setLinkNonce(db, current.id, current.link_nonce, nonce, hashToken(token))) return token;
    current = await bookingLinkRow(db, booking.id);
  }
  throw new Error("the booking link could not be derived");
}

/** The private page of a booking by its id, as a path in the guest's language ("/my-booking/{token}?lng=ru"); undefined: no such booking. */
export async function privatePagePath(db: Kysely<Database>, rawSecrets: string, bookingId: string): Promise<string | undefined> {
  const row = await bookingLinkRow(db, bookingId);
  if (!row) return undefined;
  const token = await bookingLinkToken(db, rawSecrets, row);
  return `/my-booking/${token}?lng=${row.locale}`;
}
