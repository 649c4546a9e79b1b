/**
 * What the server hands every loader, action and middleware through the router context:
 * the database, the configuration, a request-scoped logger and who is asking.
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { Env } from "./env.server";
import type { Db } from "./db/connection.server";
import type { Logger } from "./logger.server";
import type { Mailer } from "./mail.server";
import type { Messenger } from "./messaging/outbox.server";
import type { RequestProblem } from "./http/request-policy";
import type { Storage } from "./storage.server";
import type { Metrics } from "./metrics.server";

export interface AppContext {
  db: Db;
  env: Env;
  log: Logger;
  mailer: Mailer;
  /** WhatsApp and SMS to guests (its channels: those configured; none when no variable is set) */
  messenger?: Messenger;
  storage: Storage;
  requestId: string;
  clientIp: string;
  /** set when the request was refused before routing (answered by the root middleware) */
  requestProblem?: RequestProblem | null;
  /** Prometheus metrics (issue 28); null or absent when METRICS_TOKEN is unset */
  metrics?: Metrics | null;
}

export const appContext = createContext<AppContext>();

export function getApp(context: Readonly<RouterContextProvider>): AppContext {
  return context.get(appContext);
}
