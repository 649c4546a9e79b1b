/**
 * The app as integration tests call it: the router context every loader, action and middleware
 * reads (`getApp`, app/server/context.ts), built the way the server builds it (server/app.ts) but
 * with a test's database and quiet, offline defaults: a silent logger, a mailer that only fills the
 * outbox (no SMTP), uploads in a scratch folder, a request from 127.0.0.1, `NODE_ENV=test`.
 * A test gives what it cares about: `testAppContext(db, { env: { SESSION_SECRET }, clientIp })`.
 * Requests through the whole router (root middleware, layouts): tests/setup/app-handler.ts.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { appContext, type AppContext } from "~/server/context";
import type { Db } from "~/server/db/connection.server";
import type { Env } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import { createMailer, type Mailer } from "~/server/mail.server";
import { localStorage, type Storage } from "~/server/storage.server";

/** A logger that writes nothing. */
export const silentLog = pino({ level: "silent" }) as unknown as Logger;

/** The mailer of a server without SMTP: `send` stores the message in the outbox, nothing leaves. */
export function testMailer(log: Logger = silentLog): Mailer {
  return createMailer({ from: "office@example.com", log });
}

let uploads: Storage | undefined;
/** Local-disk storage in a scratch folder of this test process. */
export function testStorage(): Storage {
  return (uploads ??= localStorage(mkdtempSync(join(tmpdir(), "vt-test-uploads-"))));
}

export type TestAppOptions = Partial<Omit<AppContext, "db" | "env">> & { env?: Partial<Env> };

/** What the server hands a request through the router context (`getApp`), for `db`. */
export function testApp(db: Db, options: TestAppOptions = {}): AppContext {
  const { env, ...rest } = options;
  const log = rest.log ?? silentLog;
  return {
    mailer: testMailer(log),
    storage: testStorage(),
    requestId: "test",
    clientIp: "127.0.0.1",
    ...rest,
    db,
    log,
    env: { NODE_ENV: "test", ...env } as Env,
  };
}

/** A router context carrying `testApp(db, options)`, as a loader's or action's `context` argument. */
export function testAppContext(db: Db, options: TestAppOptions = {}): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, testApp(db, options));
  return context;
}
