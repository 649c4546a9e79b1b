/**
 * Local SMTP servers on loopback for the mail tests and the bench: a real relay (smtp-server) whose
 * behaviour can be switched while it runs, and a server that accepts the connection and never greets.
 */
import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type SmtpMode = "accept" | "refuse" | "hang";

export interface ReceivedMail {
  to: string[];
  body: string;
  messageId: string | null;
}

export interface FakeSmtp {
  url: string;
  /** what the server does with the next DATA: accept it, refuse it (550), or never answer */
  mode: SmtpMode;
  received: ReceivedMail[];
  /** DATA commands received and never answered (mode "hang") */
  hanging: number;
  /** every DATA the server has answered (accepted or refused) */
  answered: number;
  close(): Promise<void>;
}

export async function fakeSmtp(mode: SmtpMode = "accept"): Promise<FakeSmtp> {
  const sockets = new Set<Socket>();
  const state: FakeSmtp = {
    url: "",
    mode,
    received: [],
    hanging: 0,
    answered: 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(session, callback) {
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      const modeNow = state.mode;
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (modeNow === "hang") {
          state.hanging++;
          return; // never answers: the client waits for its socket timeout
        }
        state.answered++;
        if (modeNow === "refuse") return callback(Object.assign(new Error("mailbox unavailable"), { responseCode: 550 }));
        const body = Buffer.concat(chunks).toString("utf8");
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(body)?.[1] ?? null;
        state.received.push({ to: session.envelope.rcptTo.map((r) => r.address), body, messageId });
        callback();
      });
    },
  });
  server.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return state;
}

/** Accepts TCP connections and never says a word (no SMTP greeting). */
export async function silentSmtp(): Promise<{ url: string; connections: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const state = { url: "", connections: 0, close: async () => {} };
  const server = createServer((socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}
