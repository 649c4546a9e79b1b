/**
 * The search form's validation in the browser, loaded on demand (it brings zod): the same schema
 * the server applies to the URL.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { searchSchema } from "./search";

export function validateSearch(formData: FormData) {
  return parseWithZod(formData, { schema: searchSchema });
}
