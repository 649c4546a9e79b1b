/**
 * The start every create POST of the JSON API shares (cars, drivers, partners; DESIGN.md §4): the
 * `Idempotency-Key` in its form, the JSON body read within its limit, and, under a key seen
 * before, the first answer again (or a 422 when the key came with another body).
 */
import { REQUEST } from "~/admin/codes";
import { problem, type Problem } from "~/i18n/problem";
import { apiOk, apiProblem } from "~/server/api";
import { requestHash } from "~/server/idempotency";
import { jsonBodyError, readJsonBody } from "./json.server";

export interface CreateReplay<T> {
  /** what was made under this key before; "mismatch": the key came with another body */
  find: (key: string, hash: string) => Promise<T | "mismatch" | undefined>;
  /** the refusal of a key reused with another body */
  mismatch: Problem;
  /** the earlier record as the API answers it */
  json: (earlier: T) => unknown;
}

type Answer = ReturnType<typeof apiOk> | ReturnType<typeof apiProblem>;

/** `done`: the answer already (a bad key or body, a replay); else the body to create from, with its key and hash. */
export async function readCreateRequest<T>(request: Request, replay: CreateReplay<T>): Promise<{ done: Answer } | { body: Record<string, unknown>; key: string | null; hash: string }> {
  const key = request.headers.get("Idempotency-Key");
  if (key !== null && !/^[\x21-\x7e]{1,100}$/.test(key)) return { done: apiProblem(400, "bad_request", problem(REQUEST.idempotencyKeyFormat)) };
  const read = await readJsonBody(request);
  if (!read.ok) return { done: jsonBodyError(read.problem) };
  const hash = requestHash(read.body);
  if (key) {
    const earlier = await replay.find(key, hash);
    if (earlier === "mismatch") return { done: apiProblem(422, "idempotency_mismatch", replay.mismatch) };
    if (earlier) return { done: apiOk(replay.json(earlier), { status: 201, headers: { "Idempotent-Replayed": "true" } }) };
  }
  return { body: read.body, key, hash };
}
