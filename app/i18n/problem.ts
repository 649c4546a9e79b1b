/**
 * Errors are codes (DESIGN.md §3): domain code says what went wrong as a catalogue key and its
 * values, never as text. The key names its namespace, `"booking:errors.passengers"` or
 * `"admin:auth.messages.loginFailed"`, so whoever shows it (a page in the visitor's language, a
 * back-office screen in the admin language, the API in Turkish) translates it with `t(code, params)`.
 * Text is never parsed back into a code. Pure, shared by server and browser.
 */
import type { z } from "zod";

export type ProblemParams = Record<string, string | number>;

/** A catalogue key with its namespace, "namespace:key.path". */
export type ProblemCode = `${string}:${string}`;

export interface Problem {
  code: ProblemCode;
  params?: ProblemParams;
}

/** Problems by form field (the field names of the form or API body that was checked). */
export type FieldProblems = Record<string, Problem[]>;

export const problem = (code: ProblemCode, params?: ProblemParams): Problem => (params ? { code, params } : { code });

export const isProblemCode = (value: unknown): value is ProblemCode => typeof value === "string" && /^[\w-]+:[\w.-]+$/.test(value);

/** Adds a problem to a field, once. */
export function addProblem(fields: FieldProblems, field: string, p: Problem): FieldProblems {
  const list = (fields[field] ??= []);
  if (!list.some((q) => q.code === p.code)) list.push(p);
  return fields;
}

export const hasProblems = (fields: FieldProblems) => Object.keys(fields).length > 0;

/** A message as a code: a full code as it is, a bare key ("errors.required") read in `namespace`, anything else `fallback`. */
export function codeOf(message: string, namespace: string, fallback: ProblemCode): ProblemCode {
  if (isProblemCode(message)) return message;
  return /^[\w-]+(\.[\w-]+)+$/.test(message) ? `${namespace}:${message}` : fallback;
}

/**
 * zod issues whose messages are catalogue keys → problems by field. A message that is not a key
 * (zod's own English for a shape the schema did not word) becomes `fallback`. A bare key
 * ("errors.required") is read in `namespace`.
 */
export function zodProblems(
  issues: readonly z.core.$ZodIssue[],
  options: { namespace: string; fallback: ProblemCode; rename?: (field: string) => string },
): FieldProblems {
  const fields: FieldProblems = {};
  for (const issue of issues) {
    const field = (options.rename ?? String)(String(issue.path[0] ?? "_"));
    addProblem(fields, field, problem(codeOf(issue.message, options.namespace, options.fallback)));
  }
  return fields;
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
