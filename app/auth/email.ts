/**
 * The one e-mail rule for accounts (ADMIN_EMAIL, `npm run admin:create`, the sign-in, reset and
 * profile forms): the HTML standard's "valid e-mail address", which browsers apply to
 * `<input type="email">`. A local part @ a host name, the host's labels separated by dots, so a
 * host without a dot (`admin@localhost`, the default first admin) is an address while `nonsense`,
 * `a@`, `@b` and `a b@c` are not.
 */
import { z } from "zod";

export const EMAIL_MAX = 254;

const LABEL = "[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?";
export const EMAIL_PATTERN = new RegExp(`^[a-zA-Z0-9.!#$%&'*+/=?^_\`{|}~-]+@${LABEL}(?:\\.${LABEL})*$`);

export const isAccountEmail = (value: string): boolean => value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);

/** A trimmed account e-mail; every failure gives `message`. */
export const accountEmail = (message: string) =>
  z.string({ message }).trim().max(EMAIL_MAX, message).regex(EMAIL_PATTERN, message);
