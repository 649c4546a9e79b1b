/**
 * The lengths of a booking's contact fields, apart from their schema (app/booking/contact.ts) so
 * the browser's fields can say them without loading zod, which comes with the schema when the
 * visitor starts on the form.
 */
export const MAX_NAME = 100;
export const MAX_EMAIL = 254;
export const MAX_NOTES = 1000;
/** A hotel or street address at one end of a leg ("Kempinski Hotel The Dome, Belek"). */
export const MAX_ADDRESS = 200;
