import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, otpauthUrl, totpCode, verifyTotp } from "./totp";

// RFC 6238 appendix B uses the ASCII secret "12345678901234567890" (SHA-1, 8 digits); these are its last 6 digits.
const RFC_SECRET = base32Encode(Buffer.from("12345678901234567890"));

describe("TOTP (RFC 6238)", () => {
  it("round-trips base32", () => {
    expect(RFC_SECRET).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode(RFC_SECRET).toString()).toBe("12345678901234567890");
  });

  it("matches the RFC test vectors", () => {
    expect(totpCode(RFC_SECRET, new Date(59_000))).toBe("287082");
    expect(totpCode(RFC_SECRET, new Date(1111111109_000))).toBe("081804");
    expect(totpCode(RFC_SECRET, new Date(1234567890_000))).toBe("005924");
    expect(totpCode(RFC_SECRET, new Date(2000000000_000))).toBe("279037");
    expect(hotp(RFC_SECRET, 0)).toBe("755224"); // RFC 4226 appendix D
  });

  it("accepts one step of drift either way and nothing further", () => {
    const now = new Date(1_700_000_000_000);
    const code = totpCode(RFC_SECRET, now);
    expect(verifyTotp(RFC_SECRET, code, new Date(now.getTime() + 30_000))).toBeDefined();
    expect(verifyTotp(RFC_SECRET, code, new Date(now.getTime() - 30_000))).toBeDefined();
    expect(verifyTotp(RFC_SECRET, code, new Date(now.getTime() + 95_000))).toBeUndefined();
    expect(verifyTotp(RFC_SECRET, "12345", now)).toBeUndefined();
    expect(verifyTotp(RFC_SECRET, "abcdef", now)).toBeUndefined();
  });

  it("builds the otpauth address", () => {
    expect(otpauthUrl("Lykia VIP", "a@b.com", "ABC")).toBe(
      "otpauth://totp/Lykia%20VIP%3Aa%40b.com?secret=ABC&issuer=Lykia+VIP&algorithm=SHA1&digits=6&period=30",
    );
  });
});
