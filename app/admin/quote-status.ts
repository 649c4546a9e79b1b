/** How a quote request's status looks in the back office (issue 29): its badge's tone. */
import type { Tone } from "./ui";
import type { QuoteRequestStatus } from "~/server/db/schema";

export const QUOTE_STATUS_TONES: Record<QuoteRequestStatus, Tone> = { open: "warning", offered: "info", accepted: "success", closed: "neutral" };
