/**
 * One place decides that a request failed because the database is unavailable (down, unreachable,
 * timed out, out of disk, read-only) and answers 503 instead of 500: the site's translated error
 * page for pages, `{ success: false, error: { code: "unavailable" } }` with Retry-After for /api.
 *
 * Loaders and actions do not catch database errors. React Router catches them and reports each one
 * to `handleError` (app/entry.server.tsx), which records it here; the root middleware, wrapped
 * around the whole request, then replaces the 500 it got from `next()` by the 503. The status is
 * decided on the server, before React Router sanitises the error for production.
 */
import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getInstance, getLanguage } from "~/i18n/i18next.server";
import { apiErrorResponse } from "./api";
import { getApp } from "./context";
import { DATABASE_RETRY_AFTER_SECONDS, describeDatabaseError, isDatabaseUnavailable } from "./db/failure";
import { isApiPath } from "./http/request-policy";

interface FailureRecord {
  error: unknown;
}

const failureContext = createContext<FailureRecord | null>(null);

/**
 * Called by handleError with every error React Router caught. Returns true when it was a database
 * failure (then the middleware logs it once, as such).
 */
export function recordDatabaseFailure(context: Readonly<RouterContextProvider> | undefined, error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  const record = context?.get(failureContext);
  if (record && record.error === undefined) record.error = error;
  return record !== null && record !== undefined;
}

/** The /api answer when the database is unavailable, in the request's language. */
function unavailableApiResponse(context: Readonly<RouterContextProvider>): Response {
  let message = "Service temporarily unavailable. Please try again in a moment.";
  try {
    message = getInstance(context).getFixedT(getLanguage(context), "common")("errors.unavailableApi");
  } catch {
    // The language middleware did not run (it failed first): the English text above.
  }
  return apiErrorResponse(503, { code: "unavailable", message }, { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) });
}

export const databaseFailureMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const record: FailureRecord = { error: undefined };
  context.set(failureContext, record);
  let response: Response | undefined;
  try {
    response = await next();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    record.error ??= error;
  }
  if (record.error === undefined && response) return response;
  await response?.body?.cancel().catch(() => undefined);

  const url = new URL(request.url);
  getApp(context).log.error(
    { method: request.method, path: url.pathname, db: describeDatabaseError(record.error) },
    "database unavailable",
  );
  if (isApiPath(url.pathname)) return unavailableApiResponse(context);
  // Rendered by the root ErrorBoundary as "temporarily unavailable" with status 503.
  throw data({ unavailable: true }, { status: 503, statusText: "Service Unavailable" });
};
