/**
 * POST /newsletter — the footer's newsletter form. A fetcher gets the outcome as data; a plain
 * form post (no JavaScript) is redirected back to the page it came from with the outcome in the URL.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/newsletter";
import { getLanguage } from "~/i18n/i18next.server";
import { newsletterSchema } from "~/newsletter/schema";
import type { NewsletterStatus } from "~/newsletter/status";
import { subscribe } from "~/newsletter/newsletter.server";
import { getApp } from "~/server/context";
import { hitRateLimit } from "~/server/rate-limit.server";
import { safeRedirect } from "~/utils/safe-redirect";

const HTTP_STATUS: Record<NewsletterStatus, number> = { subscribed: 200, already: 200, invalid: 400, limited: 429, error: 503 };

/** Only a path on this site, never another host (app/utils/safe-redirect.ts). */
const safeReturnTo = (value: FormDataEntryValue | null) => new URL(safeRedirect(value), "http://site.invalid");

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, clientIp, log } = getApp(context);
  const form = await request.formData();
  const email = String(form.get("email") ?? "").slice(0, 300);
  let status: NewsletterStatus;
  let retryAfter = 0;
  const parsed = newsletterSchema.safeParse({ email });
  const limit = parsed.success ? await hitRateLimit(db.kysely, `newsletter:${clientIp}`, { limit: 10, windowMs: 60 * 60 * 1000 }) : null;
  if (!parsed.success) {
    status = "invalid";
  } else if (limit && !limit.allowed) {
    status = "limited";
    retryAfter = limit.retryAfter;
  } else {
    try {
      status = await subscribe(db.kysely, { email: parsed.data.email, locale: getLanguage(context) });
    } catch (error) {
      log.error({ err: error }, "newsletter subscription failed");
      status = "error";
    }
  }

  if (form.get("_js") === "1") return data({ status, email }, { status: HTTP_STATUS[status], headers: retryAfter ? { "Retry-After": String(retryAfter) } : undefined });

  const back = safeReturnTo(form.get("returnTo"));
  back.searchParams.delete("newsletter_email");
  back.searchParams.set("newsletter", status);
  if (status !== "subscribed" && status !== "already") back.searchParams.set("newsletter_email", email);
  return redirect(`${back.pathname}${back.search}#newsletter`, { status: 303 });
}
