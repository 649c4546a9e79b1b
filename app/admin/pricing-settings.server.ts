/**
 * The pricing page's post (/admin/pricing): the rules and the exchange rates saved into the
 * settings (`settings.pricing`, `settings.currency`), the other sections kept as stored. The
 * rates' date becomes today (Istanbul) when a rate changed. New quotes read them at once
 * (readPricing).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { Kysely } from "kysely";
import type { AuditContext } from "~/audit/audit.server";
import { businessToday } from "~/booking/rules/datetime";
import type { Database } from "~/server/db/schema";
import type { Logger } from "~/server/logger.server";
import { settingsSchema } from "~/settings/settings";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { PRICING_PAGE, pricingFormSchema, pricingSections } from "./pricing-settings";

export type PricingFormOutcome =
  | { ok: true; ratesChanged: boolean }
  | { ok: false; status: number; result: SubmissionResult<string[]> };

export async function handlePricingForm(
  db: Kysely<Database>,
  formData: FormData,
  { by, log, now = new Date(), audit }: { by: string | null; log?: Pick<Logger, "error">; now?: Date; /** who saves, for the audit log */ audit?: AuditContext },
): Promise<PricingFormOutcome> {
  const submission = parseWithZod(formData, { schema: pricingFormSchema });
  if (submission.status !== "success") return { ok: false, status: 400, result: submission.reply() };
  try {
    const stored = await getSettings(db);
    const next = { ...stored, ...pricingSections(submission.value, stored, businessToday(now)) };
    // the same schema as the settings screen and PUT /api/settings: nothing out of bounds is stored
    const checked = settingsSchema.parse(next);
    await saveSettings(db, checked, by, audit);
    return { ok: true, ratesChanged: JSON.stringify(next.currency.rates) !== JSON.stringify(stored.currency.rates) };
  } catch (error) {
    log?.error({ err: error }, "pricing settings save failed");
    return { ok: false, status: 500, result: submission.reply({ formErrors: [PRICING_PAGE.saveFailed] }) };
  }
}
