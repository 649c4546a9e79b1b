/**
 * Integration tests run the booking commands as the server does: their committed events go to
 * app/notify (registered here as server/app.ts registers it at boot), handled at once where no
 * worker runs, so a test reads the mails right after the command.
 */
import { registerNotify } from "~/notify/worker.server";

registerNotify();
