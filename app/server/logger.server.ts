import pino, { type Logger } from "pino";

let root: Logger | undefined;

/** The process's JSON logger (pino). Level from LOG_LEVEL. */
export function getLogger(level?: string): Logger {
  root ??= pino({
    level: level ?? process.env.LOG_LEVEL ?? "info",
    base: { service: "vip-transfer" },
    redact: ["req.headers.cookie", "req.headers.authorization", "password", "*.password"],
  });
  return root;
}

export type { Logger };
