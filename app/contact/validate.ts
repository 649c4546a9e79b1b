/**
 * The contact form's check in the browser, loaded when the visitor starts on the form (it brings
 * zod and the schema, some 23 KB): the same schema the action applies.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { contactSchema } from "./schema";

export function validateContact(formData: FormData) {
  return parseWithZod(formData, { schema: contactSchema });
}
