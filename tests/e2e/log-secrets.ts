/**
 * After a full e2e run (Playwright's global teardown): the shared server's log holds none of the
 * secrets the run issued (issue 28). The secrets are gathered from what the app sent and stored:
 * every link in the mails and guest messages of the outbox (private links, job links, reset and
 * invitation links, two-factor set-up links) and every booking's private link and every leg's job
 * link, derived as the app derives them. The log is the server's stdout at LOG_LEVEL=info, request
 * lines included (playwright.config.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { E2E_SESSION_SECRET } from "../../playwright.config";
import { withServerDb } from "./admin-helpers";

const LINK = /\/(?:my-booking|job|offer|reset-password|setup-two-factor)\/([A-Za-z0-9_-]{16,})/g;

export default async function checkLogForSecrets() {
  const file = join(process.env.E2E_DIR!, "server.log");
  if (!existsSync(file)) throw new Error(`no server log at ${file}`);
  const log = readFileSync(file, "utf8");
  const secrets = await withServerDb(async (db, code) => {
    const found = new Set<string>();
    const texts = [
      ...(await db.selectFrom("mail_outbox").select(["text_body", "html_body"]).execute()).flatMap((m) => [m.text_body, m.html_body ?? ""]),
      ...(await db.selectFrom("message_outbox").select("text_body").execute()).map((m) => m.text_body),
    ];
    for (const text of texts) for (const match of text.matchAll(LINK)) found.add(match[1]!);
    for (let page = 1; ; page++) {
      const { bookings, pageCount } = await code.listBookings(db, {}, page, 100);
      for (const booking of bookings) {
        found.add(await code.bookingLinkToken(db, E2E_SESSION_SECRET, booking));
        for (const leg of ["outbound", "return"] as const) {
          const link = await code.jobLinkOf(db, E2E_SESSION_SECRET, booking.id, leg);
          if (link) found.add(link.split("/").pop()!);
        }
      }
      if (page >= pageCount) break;
    }
    return found;
  });
  const leaked = [...secrets].filter((secret) => log.includes(secret));
  // A full run (CI) opens many private links: a check over none would prove nothing.
  if (process.env.CI && secrets.size < 10) throw new Error(`the e2e run issued only ${secrets.size} secret links: the check would prove nothing`);
  if (process.env.CI && !log.includes("/my-booking/[redacted]")) throw new Error("the server log has no private-link request: was it written at LOG_LEVEL=info?");
  if (leaked.length > 0) throw new Error(`the server log holds ${leaked.length} of the ${secrets.size} secrets the run issued, e.g. …${leaked[0]!.slice(-6)}`);
  console.log(`Server log: none of the ${secrets.size} secret links the run issued (${(log.length / 1e6).toFixed(1)} MB checked).`);
}
