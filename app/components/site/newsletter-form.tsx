/**
 * The footer's newsletter box. Posts to /newsletter: with JavaScript through a fetcher (the page
 * stays put), without it as a plain form that redirects back here with the outcome in the URL.
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation, useSearchParams } from "react-router";
import { NEWSLETTER_STATUSES, type NewsletterStatus } from "~/newsletter/status";
import { useHydrated } from "./use-hydrated";

export interface NewsletterResult {
  status: NewsletterStatus;
  email: string;
}

export function NewsletterForm() {
  const { t } = useTranslation();
  const fetcher = useFetcher<NewsletterResult>({ key: "newsletter" });
  const location = useLocation();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);

  const fromUrl = params.get("newsletter") as NewsletterStatus | null;
  const status = fetcher.data?.status ?? (fromUrl && NEWSLETTER_STATUSES.includes(fromUrl) ? fromUrl : null);
  const typed = fetcher.data?.email ?? params.get("newsletter_email") ?? "";
  const ok = status === "subscribed" || status === "already";
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state === "idle" && (fetcher.data?.status === "subscribed" || fetcher.data?.status === "already")) form.current?.reset();
  }, [fetcher.state, fetcher.data]);

  const returnTo = `${location.pathname}${location.search}`;
  return (
    <div id="newsletter">
      <h2 className="text-sm font-semibold tracking-widest text-white uppercase">{t("newsletter.title")}</h2>
      <p className="mt-4 text-sm leading-relaxed">{t("newsletter.text")}</p>
      <fetcher.Form ref={form} method="post" action="/newsletter" className="mt-4" noValidate={hydrated ? false : undefined}>
        <input type="hidden" name="returnTo" value={returnTo} />
        {hydrated && <input type="hidden" name="_js" value="1" />}
        <div className="flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
          <label htmlFor="newsletter-email" className="sr-only">
            {t("newsletter.label")}
          </label>
          <input
            id="newsletter-email"
            key={typed}
            name="email"
            type="email"
            required
            autoComplete="email"
            defaultValue={ok ? "" : typed}
            placeholder={t("newsletter.placeholder")}
            aria-invalid={status === "invalid" ? true : undefined}
            aria-describedby="newsletter-status"
            className="min-w-0 flex-1 rounded-full border border-white/20 bg-white/5 px-4 py-2.5 text-sm text-white placeholder:text-slate-400 focus:border-brand"
          />
          <button type="submit" className="btn-primary py-2.5" disabled={busy}>
            {busy ? t("newsletter.sending") : t("newsletter.submit")}
          </button>
        </div>
        <p
          id="newsletter-status"
          role="status"
          className={`mt-3 min-h-5 text-sm ${ok ? "text-emerald-300" : "text-rose-300"}`}
        >
          {status ? t(`newsletter.${status}`) : ""}
        </p>
      </fetcher.Form>
    </div>
  );
}
