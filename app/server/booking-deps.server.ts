/**
 * What the booking workflow needs from the request's context: database, places, mail, log and
 * the `booking` catalogue in a given language (for the e-mails).
 */
import type { RouterContextProvider } from "react-router";
import { getInstance } from "~/i18n/i18next.server";
import { getApp } from "~/server/context";
import { placeServices } from "~/server/http/places.server";
import type { BookingDeps, QuoteDeps } from "~/booking/index.server";
import { quoteTeller } from "~/notify/quote-mail.server";

export function bookingDeps(context: Readonly<RouterContextProvider>): BookingDeps {
  const { db, env, log, mailer, messenger } = getApp(context);
  // The catalogue is looked up when a mail is written, not before: most edits write none.
  return { db: db.kysely, places: placeServices(context), mailer, messenger, env, log, translator: (lng) => getInstance(context).getFixedT(lng, "booking") };
}

/** The booking workflow's needs and what quote requests say as they move (app/notify/quote-mail.server.ts). */
export function quoteDeps(context: Readonly<RouterContextProvider>): QuoteDeps {
  const deps = bookingDeps(context);
  return { ...deps, tell: quoteTeller(deps) };
}
