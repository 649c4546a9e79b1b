/**
 * What visitors and the office leave behind, made for e2e specs by the app's own functions (loaded
 * by `serverCode()`, tests/e2e/admin-helpers.ts) against a server's database, as production makes
 * it: a contact message with its notice and office mail, a newsletter subscriber, a car's status.
 * Never an INSERT of our own: a row written beside the app's code drifts from what the app writes.
 * `dbUrl` is the shared server's database unless a spec passes an own server's (`serverDatabaseUrl(server.dbFile)`).
 */
import pino from "pino";
import type { ContactInput } from "../../app/contact/schema";
import type { CarStatus } from "../../app/server/db/schema";
import { withServerDb } from "./admin-helpers";

/** A visitor's message from the contact form (`saveContactMessage`: the row, the office's notice and mail); its id. */
export function contactMessage(input: ContactInput, locale = "en", dbUrl?: string): Promise<string> {
  return withServerDb(async (db, code) => {
    const mailer = code.createMailer({ from: "office@example.com", log: pino({ level: "silent" }) });
    const settings = await code.getSettings(db);
    return code.saveContactMessage({ db, mailer, env: { OFFICE_EMAIL: "office@example.com" }, settings }, input, { locale, ip: null });
  }, dbUrl);
}

/** A newsletter sign-up in `locale` (`subscribe`, as the footer's form does); its id. */
export function newsletterSubscriber(email: string, locale = "en", dbUrl?: string): Promise<string> {
  return withServerDb(async (db, code) => {
    await code.subscribe(db, { email, locale });
    const row = await db.selectFrom("newsletter_subscribers").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    return row.id;
  }, dbUrl);
}

/** The office sets a car's status (`changeCarStatus`, as the car list's action does). */
export function setCarStatus(carId: string, status: CarStatus, dbUrl?: string): Promise<void> {
  return withServerDb(async (db, code) => {
    if (!(await code.changeCarStatus(db, carId, status))) throw new Error(`no car ${carId}`);
  }, dbUrl);
}
