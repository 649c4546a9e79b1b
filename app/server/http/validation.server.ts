/**
 * The API's 400 for input that failed its checks: `validation_failed`, the Turkish summary, and the
 * problems by field (Turkish `fields`, codes in `fieldCodes`).
 */
import { addProblem, codeOf, problem, type FieldProblems, type Problem, type ProblemCode } from "~/i18n/problem";
import { apiProblem } from "../api";

export const CHECK_FIELDS = problem("booking:errors.checkFields");

/**
 * A page says "choose the place you mean below" and lists them; an API caller has no list below:
 * it is told the candidates and to send the one it means as a place id.
 */
const API_CODES: Partial<Record<ProblemCode, ProblemCode>> = { "booking:errors.pickPlace": "booking:errors.ambiguousPlace" };

export function validationProblem(fields: FieldProblems, summary: Problem = CHECK_FIELDS) {
  const forApi = Object.fromEntries(
    Object.entries(fields).map(([field, list]) => [field, list.map((p) => (API_CODES[p.code] ? { ...p, code: API_CODES[p.code]! } : p))]),
  ) as FieldProblems;
  return apiProblem(400, "validation_failed", summary, forApi);
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
