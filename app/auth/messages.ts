/**
 * The sign-in texts, Turkish as the spec gives them (shared by the pages, the API and the tests).
 * The admin catalogue's auth.messages holds the same keys and texts (app/admin/catalogues.test.ts),
 * so the pages show them in the admin language.
 */
export const AUTH_TEXT = {
  invalidEmail: "Geçerli bir e-posta adresi giriniz",
  passwordTooShort: "Şifre en az 6 karakter olmalıdır",
  loginFailed: "Giriş başarısız",
  loginError: "Giriş yapılırken bir hata oluştu",
  notAdmin: "Bu hesabın yönetim paneline erişim yetkisi yok.",
  sessionExpired: "Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.",
  logoutError: "Çıkış yapılırken bir hata oluştu. Lütfen tekrar deneyin.",
  passwordsDiffer: "Şifreler eşleşmiyor.",
  currentPasswordWrong: "Mevcut şifre yanlış.",
  currentPasswordRequired: "Mevcut şifrenizi giriniz.",
  resetSent: "Bu e-posta adresi kayıtlıysa şifre sıfırlama bağlantısı gönderildi. Bağlantı 30 dakika geçerlidir.",
  resetInvalid: "Bu şifre sıfırlama bağlantısı geçersiz, kullanılmış ya da süresi dolmuş.",
  resetDone: "Şifreniz değiştirildi. Yeni şifrenizle giriş yapabilirsiniz.",
  totpInvalid: "Doğrulama kodu hatalı. Lütfen uygulamadaki güncel kodu giriniz.",
  totpFormat: "Doğrulama kodu 6 haneli olmalıdır.",
  secondFactorFormat: "Uygulamadaki 6 haneli kodu ya da bir kurtarma kodunu giriniz.",
  recoveryInvalid: "Kurtarma kodu hatalı ya da daha önce kullanılmış.",
  enrolInvalid: "Bu kurulum bağlantısı geçersiz, kullanılmış ya da süresi dolmuş.",
  tooManyMinutes: "Çok fazla giriş denemesi yapıldı. Lütfen {{n}} dakika sonra tekrar deneyin.",
  tooManySeconds: "Çok fazla giriş denemesi yapıldı. Lütfen {{n}} saniye sonra tekrar deneyin.",
} as const;

/** The same texts in another language (the admin catalogue's auth.messages). */
export type AuthText = Record<keyof typeof AUTH_TEXT, string>;

/** "Çok fazla deneme…" with the wait in minutes (or seconds under a minute). */
export function tooManyAttempts(retryAfterSeconds: number): string {
  const [template, n] =
    retryAfterSeconds >= 60 ? [AUTH_TEXT.tooManyMinutes, Math.ceil(retryAfterSeconds / 60)] : [AUTH_TEXT.tooManySeconds, retryAfterSeconds];
  return template.replace("{{n}}", String(n));
}
