import { createHash } from "node:crypto";
import { maskAccount } from "~/server/redact";

/** A staff account as the logs name it (masked, with a short SHA-256 to tell accounts apart). */
export const logAccount = (account: string): string => maskAccount(account, (text) => createHash("sha256").update(text).digest("hex"));
