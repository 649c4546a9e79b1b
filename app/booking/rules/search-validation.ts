/**
 * The search form's validation in the browser, loaded on demand (it brings zod): the same schema
 * the server applies to the URL, on the search as the server will read it (an empty return of a
 * round trip taken as the way back).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { searchParamsOf, searchSchema, withReturnDefaults } from "./search";

export function validateSearch(formData: FormData) {
  const params = new URLSearchParams();
  for (const [key, value] of formData) if (typeof value === "string") params.append(key, value);
  return parseWithZod(withReturnDefaults(searchParamsOf(params)), { schema: searchSchema });
}
