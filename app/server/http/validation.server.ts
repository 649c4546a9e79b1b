/**
 * The API's 400 for input that failed its checks: `validation_failed`, the Turkish summary, and the
 * problems by field (Turkish `fields`, codes in `fieldCodes`).
 */
import { addProblem, codeOf, problem, type FieldProblems, type Problem, type ProblemCode } from "~/i18n/problem";
import { apiProblem } from "../api";

export const CHECK_FIELDS = problem("booking:errors.checkFields");

export function validationProblem(fields: FieldProblems, summary: Problem = CHECK_FIELDS) {
  return apiProblem(400, "validation_failed", summary, fields);
}

/**
 * Field messages as domain functions and Conform give them (catalogue keys, bare or with their
 * namespace, or already Problems) → FieldProblems, field names renamed for the API. The same
 * reading as `zodProblems`: a bare key is read in `namespace`, anything that is not a key (a
 * library's own English) becomes `fallback`.
 */
export function fieldProblems(
  fields: Partial<Record<string, ReadonlyArray<string | Problem> | null>>,
  options: { namespace: string; fallback: ProblemCode; rename?: (field: string) => string },
): FieldProblems {
  const out: FieldProblems = {};
  for (const [field, list] of Object.entries(fields)) {
    for (const item of list ?? []) {
      const p: Problem = typeof item !== "string" ? item : problem(codeOf(item, options.namespace, options.fallback));
      addProblem(out, (options.rename ?? String)(field), p);
    }
  }
  return out;
}

/** Field messages of the booking domain (keys of the `booking` namespace). */
export const bookingFieldProblems = (fields: Partial<Record<string, ReadonlyArray<string | Problem> | null>>, rename?: (field: string) => string) =>
  fieldProblems(fields, { namespace: "booking", fallback: "booking:errors.invalid", rename });
