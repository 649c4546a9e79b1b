import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "./components/nonce";
import { getInstance } from "./i18n/i18next.server";
import { getApp } from "./server/context";
import { isCheckoutPage, pagePolicy } from "./server/http/csp";
import { recordDatabaseFailure } from "./server/unavailable.server";
import { paymentProvider } from "./payments/registry.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const i18n = getInstance(loadContext);
  const nonce = randomBytes(16).toString("base64");
  const checkoutOrigins = isCheckoutPage(new URL(request.url).pathname) ? (paymentProvider()?.checkoutOrigins ?? []) : [];
  responseHeaders.set("Content-Security-Policy", pagePolicy(nonce, { googleMaps: Boolean(getApp(loadContext).env.GOOGLE_MAPS_BROWSER_KEY), hotReload: import.meta.env.DEV, checkoutOrigins }));
  const waitForAll = isbot(request.headers.get("user-agent")) || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        // A finished Suspense boundary is always written in place. React otherwise moves a large one
        // (over 12.8 KB, like the home page's booking form in its boundary: on-demand.tsx) behind a
        // script that puts it in place, and without JavaScript it would never show.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) getApp(loadContext).log.error({ err: error }, "render error");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

export function handleError(error: unknown, { request, context }: { request: Request; context: RouterContextProvider }) {
  // A database failure is answered 503 and logged once by the root middleware.
  if (recordDatabaseFailure(context, error)) return;
  if (request.signal.aborted) return;
  getApp(context).log.error({ err: error, url: request.url }, "unhandled error");
}
