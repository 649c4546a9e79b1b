/**
 * The app's own server code that e2e tests call (sessions, users, two-factor, the database
 * connection). Loaded through Vite (tests/e2e/admin-helpers.ts, `runnerImport`), as the server
 * build is, because the app's modules use Vite features (`~/` imports, `import.meta.glob`).
 * The booking commands called here hand their committed events to app/notify as the server does.
 */
import { registerNotify } from "~/notify/worker.server";

registerNotify();

export { createSession, readSession } from "~/auth/session.server";
export { isTotpEnabled } from "~/auth/two-factor.server";
export { createUser, findUserByEmail, findUserById } from "~/auth/users.server";
export { openDatabase } from "~/server/db/connection.server";
export { createTestBooking } from "../../db/seed/factories";
export { fixedT } from "~/i18n/translate.server";
export { createCar } from "~/fleet/cars.server";
export { buildCar } from "../../db/seed/factories";
export { assignLeg, bookingCarsOf, bookingLinkToken, jobLinkOf, listBookings } from "~/booking/index.server";
export { createTestDriver } from "../../db/seed/factories";
export { saveDocument } from "~/fleet/documents.server";
export { addLeave, saveWeekHours } from "~/drivers/shifts.server";
export { changeBookingStatus } from "~/booking/index.server";
export { recordPayment, updateBooking } from "~/booking/index.server";
export { testBookingDeps } from "../../db/seed/factories";
export { toBusinessParts } from "~/booking/rules/datetime";
export { saveContactMessage } from "~/contact/contact.server";
export { subscribe } from "~/newsletter/newsletter.server";
export { getSettings } from "~/settings/settings.server";
export { createMailer } from "~/server/mail.server";
export { changeCarStatus } from "~/fleet/cars-api.server";
export { partnerByCode } from "~/partners/partners.server";
export { createTestPartner } from "../../db/seed/factories";
