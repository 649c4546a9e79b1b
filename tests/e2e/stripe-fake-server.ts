/**
 * The e2e run's Stripe (issue 30): the local fake on E2E_STRIPE_PORT, which the shared e2e server
 * is configured with (STRIPE_API_URL, its keys in playwright.config.ts). Its hosted page is where
 * the specs' guests pay; on a payment it also posts the signed webhook to the server, as Stripe does.
 * Started by Playwright's webServer list, stopped with it.
 */
import { startStripeFake } from "../fakes/stripe";

const port = Number(process.env.E2E_STRIPE_PORT);
const fake = await startStripeFake({ secretKey: process.env.STRIPE_SECRET_KEY!, webhookSecret: process.env.STRIPE_WEBHOOK_SECRET!, port });
fake.webhookUrl = `http://127.0.0.1:${process.env.E2E_PORT}/api/webhooks/stripe`;
process.stdout.write(`stripe fake on ${fake.url}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
