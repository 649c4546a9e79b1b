/**
 * Express → React Router, written for a server that strangers talk to (it replaces
 * @react-router/express's adapter, which builds a Request from whatever arrives):
 * - the request is screened first (app/server/http/request-policy.ts): a refused one reaches the
 *   router without its body, with the problem in the load context, and the root middleware answers
 *   it translated (a page) or in the JSON envelope (the API);
 * - the body is capped by route before it is read: a declared length over the cap is refused
 *   unread, a form or JSON body is read up to its cap, an upload is streamed and cut off at its cap;
 * - the URL is built from a checked Host (PUBLIC_URL's when it is missing or malformed), and only
 *   origin-form targets (`/path?query`) are accepted.
 */
import type { IncomingMessage } from "node:http";
import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { Logger } from "../logger.server";
import { bodyLimit, hasBody, isApiPath, mediaType, routeKind, screenRequest, type RequestProblem } from "./request-policy";
import { secretLinkKind, type SecretLinkKind } from "./link-guard.server";

/** Thrown into an upload's body stream when it grows past its cap. */
export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
}

const HOST_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** `protocol://host` this request was addressed to; PUBLIC_URL's when the Host header is missing or malformed. */
export function requestOrigin(req: Pick<ExpressRequest, "protocol" | "get">, publicUrl: string): string {
  const host = req.get("host")?.trim();
  if (!host || !HOST_PATTERN.test(host)) return new URL(publicUrl).origin;
  const protocol = req.protocol === "https" ? "https" : "http";
  return `${protocol}://${host.toLowerCase()}`;
}

function fetchHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    try {
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else headers.set(name, value);
    } catch {
      // A header value the Fetch API cannot hold (e.g. a control character) is dropped, not fatal.
    }
  }
  return headers;
}

/** Reads the whole body when it stays within `limit`; "too_large" as soon as it does not. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | "too_large"> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        resolve("too_large");
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

/**
 * The body as a stream that errors with BodyTooLargeError past `limit` bytes (uploads). Whatever
 * happens to the stream, the socket is left alone: the answer must still reach the client, and
 * lingerThenClose() deals with the rest of the body.
 */
function cappedStream(req: IncomingMessage, limit: number): ReadableStream<Uint8Array> {
  let seen = 0;
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const stop = (error?: Error) => {
        if (done) return;
        done = true;
        req.pause();
        if (error) controller.error(error);
        else controller.close();
      };
      req.on("data", (chunk: Buffer) => {
        if (done) return;
        seen += chunk.length;
        if (seen > limit) return stop(new BodyTooLargeError(`request body over ${limit} bytes`));
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.on("end", () => stop());
      req.on("error", (error) => stop(error));
    },
    pull() {
      if (!done) req.resume();
    },
    cancel() {
      done = true;
      req.pause();
    },
  });
}

/**
 * After answering a request whose body was not (fully) read: read and discard what the client is
 * still sending, then close. Closing at once would make the client's network stack reset the
 * connection and lose the answer (the same "lingering close" web servers do). As nginx's
 * lingering_timeout and lingering_time: the connection closes after 5 s without a byte, or 30 s in
 * all, so a client still sending a large body on a busy machine is not cut off mid-answer (CI saw
 * a fixed 5 s cut a 200 MB upload short and the client lose the 413). A body that ends in time
 * leaves the connection in step, so it stays open for the client's next request: closing it then
 * would break a keep-alive client that reuses it at once.
 */
const LINGER_IDLE_MS = 5_000;
const LINGER_TOTAL_MS = 30_000;

function lingerThenClose(req: IncomingMessage) {
  if (req.complete || req.socket.destroyed) return;
  const socket = req.socket;
  const close = () => socket.destroy();
  const idle = setTimeout(close, LINGER_IDLE_MS).unref();
  const total = setTimeout(close, LINGER_TOTAL_MS).unref();
  req.removeAllListeners("data");
  req.on("data", () => idle.refresh());
  req.on("end", () => {
    clearTimeout(idle);
    clearTimeout(total);
    // the answer was the connection's last (see halfCloseOnly): everything is read, so it may go
    if (socket.writableEnded) socket.destroy();
  });
  req.resume();
}

/**
 * When the answer is the connection's last (the client sent "Connection: close", or HTTP/1.0),
 * node ends the socket after it with destroySoon(): the FIN, then at once a destroy that leaves the
 * client's unread bytes behind, so the kernel resets the connection and a client still sending
 * its body can lose the answer before reading it (CI: a 413 lost under load). Here it only
 * half-closes; lingerThenClose() reads the rest and destroys it.
 */
function halfCloseOnly(req: IncomingMessage) {
  const socket = req.socket as IncomingMessage["socket"] & { destroySoon?: () => void };
  socket.destroySoon = () => {
    socket.end();
  };
}

/** A multipart body the Fetch API cannot read (a route would throw on it) is a bad request. */
async function unreadableForm(body: Uint8Array, contentType: string): Promise<boolean> {
  if (mediaType(contentType) !== "multipart/form-data") return false;
  try {
    await new Response(body as Uint8Array<ArrayBuffer>, { headers: { "content-type": contentType } }).formData();
    return false;
  } catch {
    return true;
  }
}

/** A path with a broken percent-escape (`/%E0%A4%A`) names no page; the router would only warn about it. */
function malformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

export interface RouterHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode?: string;
  publicUrl: string;
  log: Logger;
  /** The router context for a request; `problem` is set when the request was refused by the screen. */
  getLoadContext(req: ExpressRequest, res: ExpressResponse, problem: RequestProblem | null): RouterContextProvider;
  /**
   * Secret links (link-guard.server.ts): `wait` says how long the client must wait before it may
   * open one (0: go ahead); `miss` counts one that found nothing.
   */
  linkGuard?: { wait(req: ExpressRequest): Promise<number>; miss(req: ExpressRequest, kind: SecretLinkKind): Promise<void> };
}

/**
 * The API's own route table: the root and its routes under /api/. React Router tries the routes of
 * its table one by one for every request (twice: to pick the handler, then to run it); with the
 * whole site's table that was about half a millisecond of each API request, a tenth of a
 * booking's time (issue 17). Every API route is a resource route and a child of the root, so the
 * root's middleware runs for it exactly as before.
 */
export function apiRouteTable(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).filter(([, route]) => route && (route.id === "root" || (route.parentId === "root" && (route.path === "api" || route.path?.startsWith("api/"))))),
  );
  return { ...build, routes };
}

export function createRouterHandler(options: RouterHandlerOptions) {
  const handlePage = createRequestHandler(options.build, options.mode);
  // The dev server's build is a function (re-read on every request): one table there.
  const handleApi = typeof options.build === "function" ? handlePage : createRequestHandler(apiRouteTable(options.build), options.mode);
  const publicOrigin = new URL(options.publicUrl).origin;

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      // Only origin-form targets; an absolute URL or `*` as the target is not a page of ours.
      if (!req.originalUrl.startsWith("/")) {
        res.status(400).type("text/plain").send("Bad request");
        return;
      }
      const origin = requestOrigin(req, options.publicUrl);
      let url = new URL(req.originalUrl, origin);
      const method = req.method.toUpperCase();
      const malformed = malformedPath(url.pathname);
      // The router cannot match a path it cannot decode: it gets the home page's (under /api, the
      // API's own not-found route, so the refusal is the JSON envelope), and the problem.
      if (malformed) url = new URL(isApiPath(url.pathname) ? "/api/" : "/", origin);
      let problem = malformed ? ({ status: 400, code: "bad_request" } as const) : screenRequest({
        method,
        pathname: url.pathname,
        header: (name) => req.get(name),
        ownOrigins: [publicOrigin, origin],
      });

      // A secret link from an address that has guessed too many is refused before any lookup.
      const linkKind = options.linkGuard && !problem ? secretLinkKind(url.pathname) : null;
      if (linkKind) {
        const wait = await options.linkGuard!.wait(req);
        if (wait > 0) problem = { status: 429, code: "too_many_attempts", retryAfter: wait };
      }

      let body: BodyInit | undefined;
      const kind = routeKind(url.pathname);
      // A page's form is always read here (an empty one too): what the router's formData() would
      // choke on is a 400 now, not a crash in the route.
      if (!problem && method !== "GET" && method !== "HEAD" && (kind === "page" || hasBody((name) => req.get(name)))) {
        if (kind === "upload") {
          body = cappedStream(req, bodyLimit(kind));
        } else {
          const read = await readBody(req, bodyLimit(kind));
          if (read === "too_large") problem = { status: 413, code: "payload_too_large" };
          else if (kind === "page" && (await unreadableForm(read, req.get("content-type") ?? ""))) problem = { status: 400, code: "bad_request" };
          else body = new Uint8Array(read) as Uint8Array<ArrayBuffer>;
        }
      }
      // A refused request's body is not read into memory: after the answer, lingerThenClose()
      // discards the rest and closes. No "Connection: close" here: node would then close the
      // socket at once with the client's bytes unread, the kernel would answer with a reset, and
      // the client could lose the answer it had not yet read.
      if (!req.complete) halfCloseOnly(req);
      res.once("finish", () => lingerThenClose(req));

      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const request = new Request(url.href, {
        // A method we refuse never reaches a Request (undici rejects TRACE and CONNECT outright).
        method: problem ? (method === "HEAD" ? "HEAD" : "GET") : method,
        headers: fetchHeaders(req),
        signal: controller.signal,
        ...(body !== undefined && !problem ? { body, duplex: "half" } : {}),
      } as RequestInit);

      const context = options.getLoadContext(req, res, problem);
      const response = await (isApiPath(url.pathname) ? handleApi : handlePage)(request, context);
      // A miss is counted before it is answered: the client's next guess sees it.
      if (linkKind && !problem && (response.status === 404 || response.status === 410)) await options.linkGuard!.miss(req, linkKind);
      await sendResponse(res, response, problem);
    } catch (error) {
      next(error);
    }
  };
}

/** Up to this much of a body is gathered before it is written (a rendered page arrives in ~2 KB pieces). */
const COALESCE_BYTES = 64 * 1024;

/**
 * Writes a document's body, gathering the small pieces a render streams out into fewer, larger
 * writes: each write to the compression stream is a round trip to zlib's thread, and a busy admin
 * page (hundreds of pieces) spent more time in those trips than in rendering. What has arrived is
 * written as soon as the next piece is not ready within the same turn of the event loop, so a
 * streamed page (deferred data) still shows its first part at once.
 */
async function writeCoalesced(body: ReadableStream<Uint8Array>, res: ExpressResponse) {
  const reader = body.getReader();
  let pieces: Uint8Array[] = [];
  let size = 0;
  const write = async () => {
    if (size === 0) return;
    const chunk = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces, size);
    pieces = [];
    size = 0;
    if (!res.write(chunk)) await new Promise<void>((resolve) => {
      const done = () => {
        res.off("drain", done).off("close", done);
        resolve();
      };
      res.once("drain", done).once("close", done);
    });
  };
  const LATER = Symbol("later");
  try {
    let next = reader.read();
    for (;;) {
      const ready = size === 0 ? await next : await Promise.race([next, new Promise<typeof LATER>((resolve) => setImmediate(resolve, LATER))]);
      if (ready === LATER) {
        await write();
        continue;
      }
      if (ready.done) break;
      pieces.push(ready.value);
      size += ready.value.byteLength;
      next = reader.read();
      if (size >= COALESCE_BYTES) await write();
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
    }
    await write();
    res.end();
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  }
}

async function sendResponse(res: ExpressResponse, response: Response, problem: RequestProblem | null) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // The document's own policy (with its nonce) replaces the strict default set for everything else.
  if (response.headers.has("content-security-policy")) res.removeHeader("Content-Security-Policy");
  // The route's own value replaces the server-wide default (Referrer-Policy, X-Content-Type-Options…):
  // each header once. Only Set-Cookie comes as several (entries() gives each cookie apart).
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") res.append(key, value);
    else res.setHeader(key, value);
  }
  if (response.status === 405 && !res.getHeader("Allow")) res.setHeader("Allow", problem?.allow ?? "GET, HEAD");
  if (problem?.retryAfter && !res.getHeader("Retry-After")) res.setHeader("Retry-After", String(problem.retryAfter));
  if (!response.body) {
    res.end();
    return;
  }
  try {
    // Documents are gathered into fewer writes; JSON (made whole in memory) goes in one write with
    // its length, not chunked; other data (fetchers' streams, files) is written as it comes.
    const type = mediaType(response.headers.get("content-type") ?? "");
    if (type === "text/html") await writeCoalesced(response.body, res);
    else if (type === "application/json" || type.endsWith("+json")) res.end(Buffer.from(await response.arrayBuffer()));
    else await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
