/**
 * What the WhatsApp and SMS fakes share: a local HTTP server that records every request and can
 * be put into an outage ("down": 500, "hang": never answers until closed).
 */
import { listenOnLoopback } from "./loopback";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

export type OutageMode = "ok" | "down" | "hang";

export interface RecordedCall {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** the raw body */
  raw: string;
}

export interface MessagingFake<Received> {
  url: string;
  mode: OutageMode;
  calls: RecordedCall[];
  /** the messages answered with success, as the service understood them */
  received: Received[];
  close(): Promise<void>;
}

export async function serveFake<Received>(
  handle: (call: RecordedCall, fake: MessagingFake<Received>) => { status: number; body: unknown },
  downBody: unknown,
): Promise<MessagingFake<Received>> {
  const fake = { mode: "ok", calls: [], received: [] } as unknown as MessagingFake<Received>;
  const hanging = new Set<ServerResponse>();
  const server = createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const call: RecordedCall = { method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers, raw };
    fake.calls.push(call);
    if (fake.mode === "hang") {
      hanging.add(res);
      return;
    }
    const answer = fake.mode === "down" ? { status: 500, body: downBody } : handle(call, fake);
    res.writeHead(answer.status, { "Content-Type": "application/json" }).end(JSON.stringify(answer.body));
  });
  Object.assign(fake, await listenOnLoopback(server, hanging));
  return fake;
}
