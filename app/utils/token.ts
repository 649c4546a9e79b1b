/**
 * Secret tokens handed out in links and cookies (sessions, private booking links, reset and setup
 * links) are stored only as their SHA-256, so a leaked table opens nothing.
 */
import { createHash } from "node:crypto";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
