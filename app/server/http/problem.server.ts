/**
 * Answers a request the screen refused (app/server/http/request-policy.ts) before any route runs:
 * the API gets its JSON envelope (Turkish text, as every API message), a page gets the site's error
 * page in the visitor's language.
 * The first middleware after language detection in root.tsx.
 */
import { data, type MiddlewareFunction } from "react-router";
import { apiError, problemError } from "../api";
import { getApp } from "../context";
import { isApiPath, type RequestProblem } from "./request-policy";

export interface ProblemData {
  problem: RequestProblem["code"];
}

export const requestProblemMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const problem = getApp(context).requestProblem;
  if (!problem) return next();
  const headers: Record<string, string> = { ...(problem.allow ? { Allow: problem.allow } : {}), ...(problem.retryAfter ? { "Retry-After": String(problem.retryAfter) } : {}) };
  if (isApiPath(new URL(request.url).pathname)) {
    // Like every API message, in Turkish from the catalogue (DESIGN.md §3), the code beside it.
    throw apiError(problem.status, problemError(problem.code === "too_many_attempts" ? "rate_limited" : problem.code, { code: `common:errors.request.${problem.code}.text` }), headers);
  }
  throw data({ problem: problem.code } satisfies ProblemData, { status: problem.status, headers });
};
