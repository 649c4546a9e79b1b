/**
 * The lengths of a booking's contact fields, apart from their schema (app/booking/contact.ts) so
 * the browser's fields can say them without loading zod, which comes with the schema when the
 * visitor starts on the form.
 */
export const MAX_NAME = 100;
export const MAX_EMAIL = 254;
export const MAX_NOTES = 1000;
/** Notes as the guest changes them on the private page (the office's edit allows as many, so a note it lengthened can be saved again). */
export const MAX_CHANGED_NOTES = 2000;
/** A hotel or street address at one end of a leg ("Kempinski Hotel The Dome, Belek"). */
export const MAX_ADDRESS = 200;
