/**
 * The extras page (/admin/extras): the form posts that add, edit, switch on/off and delete an
 * extra, written through the pricing tables' one write path. A booking keeps its own copy of the
 * extras it took (names and prices as booked), so none of these changes a booked booking.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { Kysely } from "kysely";
import { readExtras } from "~/pricing/pricing.server";
import { createExtra, deleteExtra, updateExtra, type ExtraInput } from "~/pricing/tables.server";
import type { Extra } from "~/booking/rules/extras";
import type { Database } from "~/server/db/schema";
import type { Logger } from "~/server/logger.server";
import { EXTRAS, extraSchemaFor, type ExtraIntent } from "./extras";

export type ExtraFormOutcome =
  | { ok: true; intent: ExtraIntent; extra: Extra | null }
  | { ok: false; status: number; formId: string; result: SubmissionResult<string[]> };

/** The form a post answers: `extra-add`, or the row's `extra-<id>`. */
export function extraFormId(formData: FormData): string {
  const id = formData.get("id");
  return formData.get("intent") === "create" || typeof id !== "string" ? "extra-add" : `extra-${id.slice(0, 64)}`;
}

/** A unique-constraint failure from either engine (the code was taken between check and insert). */
const isUniqueViolation = (error: unknown) => /unique|duplicate/i.test(String((error as { message?: unknown })?.message ?? "")) || (error as { code?: unknown })?.code === "23505";

export async function handleExtraForm(db: Kysely<Database>, formData: FormData, { log }: { log?: Pick<Logger, "error"> } = {}): Promise<ExtraFormOutcome> {
  const formId = extraFormId(formData);
  const submission = parseWithZod(formData, { schema: extraSchemaFor(formData.get("intent")) });
  if (submission.status !== "success") return { ok: false, status: 400, formId, result: submission.reply() };
  const value = submission.value;
  const refuse = (errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }, status = 400): ExtraFormOutcome => ({
    ok: false,
    status,
    formId,
    result: submission.reply(errors),
  });

  const extras = await readExtras(db);
  try {
    if (value.intent === "create") {
      if (extras.some((e) => e.code === value.code)) return refuse({ fieldErrors: { code: [EXTRAS.codeTaken] } }, 409);
      const { intent: _intent, ...input } = value;
      return { ok: true, intent: "create", extra: await createExtra(db, input satisfies ExtraInput) };
    }
    const current = extras.find((e) => e.id === value.id);
    if (!current) return refuse({ formErrors: [EXTRAS.notFound] }, 404);
    if (value.intent === "delete") {
      await deleteExtra(db, current.id);
      return { ok: true, intent: "delete", extra: current };
    }
    const { id: _id, ...keep } = current;
    const input: ExtraInput =
      value.intent === "toggle"
        ? { ...keep, active: !current.active }
        : { code: current.code, names: value.names, price: value.price, pricing: value.pricing, maxQuantity: value.maxQuantity, needsText: value.needsText, active: value.active, sortOrder: value.sortOrder };
    return { ok: true, intent: value.intent, extra: await updateExtra(db, current.id, input) };
  } catch (error) {
    if (value.intent === "create" && isUniqueViolation(error)) return refuse({ fieldErrors: { code: [EXTRAS.codeTaken] } }, 409);
    log?.error({ err: error }, "extra save failed");
    return refuse({ formErrors: [EXTRAS.saveFailed] }, 500);
  }
}
