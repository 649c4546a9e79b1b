/**
 * The footer's newsletter box. Posts to /newsletter: with JavaScript through a fetcher (the page
 * stays put), without it as a plain form that redirects back here with the outcome in the URL.
 */
import { useLayoutEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { useFetcher, useLocation, useSearchParams } from "react-router";
import { NEWSLETTER_STATUSES, type NewsletterStatus } from "~/newsletter/status";
import { Field } from "./field";
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

  // Before paint, with the thanks: the visitor never sees (or types into) the field before it clears.
  useLayoutEffect(() => {
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
        <Field
          look="newsletter"
          id="newsletter-email"
          label={t("newsletter.label")}
          className="flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row"
          describedBy="newsletter-status"
          invalid={status === "invalid"}
          controlKey={typed}
          control={{
            name: "email",
            type: "email",
            required: true,
            autoComplete: "email",
            defaultValue: ok ? "" : typed,
            placeholder: t("newsletter.placeholder"),
          }}
          after={
            <button type="submit" className="btn-primary py-2.5" disabled={busy}>
              {busy ? t("newsletter.sending") : t("newsletter.submit")}
            </button>
          }
        />
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
