/**
 * The API's 400 for input that failed its checks: `validation_failed`, the Turkish summary, and the
 * problems by field (Turkish `fields`, codes in `fieldCodes`).
 */
import { problem, type FieldProblems, type Problem, type ProblemCode } from "~/i18n/problem";
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
