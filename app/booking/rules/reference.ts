/**
 * Booking references such as `VT-7K3Q9X`: short enough to read out on the phone, without the
 * look-alikes 0/O and 1/I. 32⁶ ≈ 10⁹ values; uniqueness is still enforced by the database.
 */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const REFERENCE_PATTERN = /^VT-[2-9A-HJ-NP-Z]{6}$/;

export function bookingReference(random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  const bytes = random(6);
  let code = "";
  // 256 is a multiple of 32, so taking the byte modulo 32 is unbiased.
  for (const b of bytes) code += REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length];
  return `VT-${code}`;
}
