import { describe, expect, it } from "vitest";
import { translate } from "~/i18n/translate.server";
import { AUTH, tooManyAttempts } from "./messages";
import { loginSchema, newPasswordSchema, safeAdminRedirect, totpCodeSchema } from "./schemas";
import { REMEMBER_DAYS, sessionExpiry } from "./session.server";

describe("sign-in validation (spec §5)", () => {
  it("asks for a valid e-mail and a password of at least 6 characters, with the spec's messages", () => {
    const result = loginSchema.safeParse({ email: "not-an-email", password: "12345" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["email", AUTH.invalidEmail],
      ["password", AUTH.passwordTooShort],
    ]);
    expect(translate("tr", { code: AUTH.invalidEmail })).toBe("Geçerli bir e-posta adresi giriniz");
    expect(translate("tr", { code: AUTH.passwordTooShort })).toBe("Şifre en az 6 karakter olmalıdır");
    expect(loginSchema.parse({ email: " Office@Example.com ", password: "123456", remember: "on" })).toMatchObject({
      email: "Office@Example.com",
      remember: true,
    });
    expect(loginSchema.parse({ email: "a@b.co", password: "123456" }).remember).toBe(false);
  });

  it("accepts any address an admin can be created with, admin@localhost included, and still refuses nonsense", () => {
    for (const email of ["admin@localhost", "office@example.com", "a.b+c@mail-1.example.co.uk", " Admin@LocalHost "]) {
      expect(loginSchema.safeParse({ email, password: "123456" }).success, email).toBe(true);
    }
    for (const email of ["nonsense", "admin@", "@localhost", "a b@localhost", "admin@-local", "admin@local..host", "x@y.", `${"a".repeat(250)}@localhost`]) {
      expect(loginSchema.safeParse({ email, password: "123456" }).error?.issues[0]?.message, email).toBe(AUTH.invalidEmail);
    }
  });

  it("wants the new password twice", () => {
    expect(newPasswordSchema.safeParse({ password: "abcdef", confirmPassword: "abcdeg" }).error?.issues[0]?.message).toBe(AUTH.passwordsDiffer);
    expect(newPasswordSchema.safeParse({ password: "abcdef", confirmPassword: "abcdef" }).success).toBe(true);
  });

  it("reads a 6-digit code, spaces allowed", () => {
    expect(totpCodeSchema.parse({ code: "123 456" }).code).toBe("123456");
    expect(totpCodeSchema.safeParse({ code: "12345" }).success).toBe(false);
  });

  it("returns only to back-office pages after sign-in (no open redirect)", () => {
    expect(safeAdminRedirect("/admin/bookings?page=2")).toBe("/admin/bookings?page=2");
    expect(safeAdminRedirect("https://evil.example/admin")).toBe("/admin/dashboard");
    expect(safeAdminRedirect("//evil.example")).toBe("/admin/dashboard");
    expect(safeAdminRedirect("/admin\\@evil")).toBe("/admin/dashboard");
    expect(safeAdminRedirect("/admin/login")).toBe("/admin/dashboard");
    expect(safeAdminRedirect(null)).toBe("/admin/dashboard");
    expect(safeAdminRedirect("/administrator")).toBe("/admin/dashboard");
  });

  it("states the wait in minutes, or seconds under a minute", () => {
    expect(tooManyAttempts(61)).toEqual({ code: AUTH.tooManyMinutes, params: { n: 2 } });
    expect(tooManyAttempts(42)).toEqual({ code: AUTH.tooManySeconds, params: { n: 42 } });
    expect(translate("tr", tooManyAttempts(61))).toBe("Çok fazla giriş denemesi yapıldı. Lütfen 2 dakika sonra tekrar deneyin.");
    expect(translate("tr", tooManyAttempts(42))).toBe("Çok fazla giriş denemesi yapıldı. Lütfen 42 saniye sonra tekrar deneyin.");
  });
});

describe("session timeout maths", () => {
  const now = new Date("2026-07-01T10:00:00.000Z");
  it.each([5, 30, 120])("a %i-minute session ends that many minutes after the last use", (minutes) => {
    expect(sessionExpiry(now, minutes, false).getTime() - now.getTime()).toBe(minutes * 60_000);
  });
  it("a remembered session lasts 30 days whatever the timeout", () => {
    expect(sessionExpiry(now, 5, true).toISOString()).toBe("2026-07-31T10:00:00.000Z");
    expect(REMEMBER_DAYS).toBe(30);
  });
});
