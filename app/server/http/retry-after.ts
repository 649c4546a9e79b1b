/**
 * A route's `headers` export that sends the Retry-After its action or loader set (issue 28: every
 * 429 says when to try again). React Router sends a document's headers only from this export, not
 * from the `data()` an action returns; the parent's headers are kept.
 */
export function retryAfterHeaders({ actionHeaders, loaderHeaders, errorHeaders, parentHeaders }: { actionHeaders: Headers; loaderHeaders: Headers; errorHeaders?: Headers; parentHeaders: Headers }): Headers {
  const headers = new Headers(parentHeaders);
  const wait = errorHeaders?.get("Retry-After") ?? actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (wait) headers.set("Retry-After", wait);
  return headers;
}
