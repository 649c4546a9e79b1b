/** The footer's newsletter box: one e-mail address. Messages are `common` i18n keys. */
import { z } from "zod";

export const newsletterSchema = z.object({
  email: z
    .string({ error: "newsletter.invalid" })
    .trim()
    .min(1, "newsletter.invalid")
    .max(200, "newsletter.invalid")
    .pipe(z.email("newsletter.invalid")),
});

/** The same address written differently is one subscriber: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
