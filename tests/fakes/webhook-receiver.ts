/**
 * A partner's webhook endpoint for tests, on loopback: it records every request's raw body and
 * headers and answers by its mode: "ok" (200), "500" (a 500 with a short text), "redirect" (a 302
 * elsewhere, which must not be followed), "hang" (no answer until closed). `script` answers the
 * next requests with the given modes first, then falls back to `mode`.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import { listenOnLoopback } from "./loopback";

export type ReceiverMode = "ok" | "500" | "redirect" | "hang";

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  /** the body exactly as it arrived */
  raw: string;
  /** how the receiver answered it */
  answeredWith: ReceiverMode;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:<port> */
  url: string;
  mode: ReceiverMode;
  /** modes for the next requests, in order, before `mode` */
  script: ReceiverMode[];
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const hanging = new Set<ServerResponse>();
  const receiver = { mode: "ok", script: [], received: [] } as unknown as WebhookReceiver;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const mode = receiver.script.shift() ?? receiver.mode;
      receiver.received.push({ path: req.url ?? "/", headers: req.headers, raw: Buffer.concat(chunks).toString("utf8"), answeredWith: mode });
      if (mode === "hang") {
        hanging.add(res);
        return;
      }
      if (mode === "500") {
        res.writeHead(500, { "content-type": "text/plain" }).end("receiver is down");
        return;
      }
      if (mode === "redirect") {
        res.writeHead(302, { location: `${receiver.url}/elsewhere` }).end();
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
  });
  const { url, close } = await listenOnLoopback(server, hanging);
  receiver.url = url;
  receiver.close = close;
  return receiver;
}
