/**
 * Answers a request the screen refused (app/server/http/request-policy.ts) before any route runs:
 * the API gets its JSON envelope, a page gets the site's error page, both in the visitor's language.
 * The first middleware after language detection in root.tsx.
 */
import { data, type MiddlewareFunction } from "react-router";
import { getInstance } from "~/i18n/i18next.server";
import { apiError } from "../api";
import { getApp } from "../context";
import { isApiPath, type RequestProblem } from "./request-policy";

export interface ProblemData {
  problem: RequestProblem["code"];
}

export const requestProblemMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const problem = getApp(context).requestProblem;
  if (!problem) return next();
  const headers: Record<string, string> = problem.allow ? { Allow: problem.allow } : {};
  if (isApiPath(new URL(request.url).pathname)) {
    const message = getInstance(context).t(`common:errors.request.${problem.code}.text`);
    throw apiError(problem.status, { code: problem.code, message }, headers);
  }
  throw data({ problem: problem.code } satisfies ProblemData, { status: problem.status, headers });
};
