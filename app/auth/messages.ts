/**
 * What sign-in, password and two-factor code can answer: codes of the admin catalogue's
 * auth.messages (Turkish there as the spec gives them). Pages show them in the admin language,
 * the API in Turkish (app/server/api.ts); nothing here is text.
 */
import { adminCodes } from "~/admin/codes";
import { problem, type Problem } from "~/i18n/problem";

export const AUTH = adminCodes("auth.messages", [
  "invalidEmail",
  "passwordTooShort",
  "loginFailed",
  "loginError",
  "notAdmin",
  "sessionExpired",
  "logoutError",
  "passwordsDiffer",
  "currentPasswordWrong",
  "currentPasswordRequired",
  "resetSent",
  "resetInvalid",
  "resetDone",
  "totpInvalid",
  "totpFormat",
  "secondFactorFormat",
  "recoveryInvalid",
  "enrolInvalid",
  "tooManyMinutes",
  "tooManySeconds",
  "secondFactorRequired",
  "secondFactorNotSetUp",
  "notSignedIn",
  "adminOnly",
  "forbidden",
  "accountInactive",
]);

/** "Çok fazla deneme…" with the wait in minutes (or seconds under a minute). */
export function tooManyAttempts(retryAfterSeconds: number): Problem {
  return retryAfterSeconds >= 60
    ? problem(AUTH.tooManyMinutes, { n: Math.ceil(retryAfterSeconds / 60) })
    : problem(AUTH.tooManySeconds, { n: retryAfterSeconds });
}
