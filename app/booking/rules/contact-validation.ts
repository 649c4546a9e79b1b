/**
 * The booking contact form's check in the browser, loaded when the visitor starts on the form (it
 * brings zod): the same schema the confirmation applies on the server.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { contactSchema } from "./contact";

export function validateBookingContact(formData: FormData) {
  return parseWithZod(formData, { schema: contactSchema });
}
