import pino, { type Logger, type LoggerOptions } from "pino";
import { redactLogValue, redactText } from "./redact";

let root: Logger | undefined;

/**
 * What every logger of the process shares: secret keys blanked in the objects logged and secret
 * link parts and query values replaced in the finished line (redact.ts), so no request, error or
 * worker line holds a private link, a job link, a reset or invitation token or a webhook token.
 */
export const LOG_OPTIONS: LoggerOptions = {
  base: { service: "vip-transfer" },
  redact: ["req.headers.cookie", "req.headers.authorization", "password", "*.password"],
  hooks: {
    logMethod(args, method) {
      const [first, ...rest] = args as unknown[];
      const safe = first instanceof Error ? { err: redactLogValue(first) } : redactLogValue(first);
      return method.apply(this, [safe, ...rest] as Parameters<typeof method>);
    },
    streamWrite: redactText,
  },
};

/** The process's JSON logger (pino). Level from LOG_LEVEL. */
export function getLogger(level?: string): Logger {
  root ??= pino({ ...LOG_OPTIONS, level: level ?? process.env.LOG_LEVEL ?? "info" });
  return root;
}

export type { Logger };
