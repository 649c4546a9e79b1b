/**
 * /quote-request — a trip the site cannot price (issue 29): a place it does not know, more
 * passengers than any car takes, a pickup sooner than it books, no car free. The results page
 * links here with the search in the URL; the form comes filled with it, the visitor adds their
 * contact and a message, and the office answers with an offer by e-mail (a link to accept it).
 * One schema with POST /api/quote-requests (rules/quote-request.ts); a plain post without
 * JavaScript; everything typed comes back with the problems.
 */
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/quote-request";
import type { I18nHandle } from "~/i18n/resources";
import { useTranslation } from "~/i18n/react";
import { getInstance, getLanguage } from "~/i18n/i18next.server";
import { Field } from "~/components/site/field";
import { PageHero } from "~/components/site/section-heading";
import { requestQuote } from "~/booking/index.server";
import { MAX_GROUP, MAX_GROUP_LUGGAGE, MAX_QUOTE_MESSAGE, QUOTE_REASONS, quoteRequestSchema, type QuoteReason } from "~/booking/rules/quote-request";
import { MAX_PLACE_TEXT, TRIP_TYPES } from "~/booking/rules/search-params";
import { LUGGAGE_KINDS, MAX_LUGGAGE_ITEM } from "~/booking/rules/capacity";
import { quoteDeps } from "~/server/booking-deps.server";
import { getApp } from "~/server/context";
import { rateLimitRule } from "~/server/http/rate-limit.server";
import { retryAfterHeaders } from "~/server/http/retry-after";
import { hitRateLimit } from "~/server/rate-limit.server";
import { useRootData } from "~/root";
import { telHref } from "~/components/site/links";
import { brandedTitle, rootMetaData } from "~/components/seo";
import { LengthCounter } from "~/components/site/length-counter";

export const handle: I18nHandle = { i18n: ["quote"] };

/** The search's fields this form takes from the URL (the results page's link), as typed; the special luggage by kind (issue 32). */
const FROM_SEARCH = ["tripType", "pickup", "dropoff", "date", "time", "returnDate", "returnTime", "hours", "passengers", "luggage", ...LUGGAGE_KINDS] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const t = getInstance(context).getFixedT(null, "quote");
  const params = new URL(request.url).searchParams;
  const values: Record<string, string> = {};
  for (const key of FROM_SEARCH) {
    const v = params.get(key);
    if (v) values[key] = v.slice(0, MAX_PLACE_TEXT);
  }
  const reasons = params.getAll("reason").filter((r): r is QuoteReason => (QUOTE_REASONS as readonly string[]).includes(r));
  return { title: t("form.metaTitle"), values, reasons: [...new Set(reasons)] };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return [{ title: brandedTitle(data?.title ?? "", rootMetaData(matches, location).siteName) }, { name: "robots", content: "noindex" }];
}

/** A refused attempt's 429 carries its Retry-After. */
export const headers = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const submission = parseWithZod(await request.formData(), { schema: quoteRequestSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: null }, { status: 400 });
  const limit = await hitRateLimit(app.db.kysely, `quoteRequests:${app.clientIp}`, rateLimitRule(context, "quoteRequests"));
  if (!limit.allowed) {
    return data({ result: submission.reply({ formErrors: ["quote:errors.rateLimited"] }), sent: null }, { status: 429, headers: { "Retry-After": String(limit.retryAfter) } });
  }
  const row = await requestQuote(quoteDeps(context), submission.value, { locale: getLanguage(context), ip: app.clientIp || null });
  return data({ result: submission.reply({ resetForm: true }), sent: { reference: row.reference, email: row.email } });
}

type TextName = (typeof FROM_SEARCH)[number] | "fullName" | "email" | "phone" | "message";
/** The form's fields as typed. */
type QuoteForm = Record<TextName, string> & { reasons: string[] };

export default function QuoteRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("quote");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const site = useRootData()?.site;
  const sent = actionData?.sent ?? null;
  const v = loaderData.values;
  const [form, fields] = useForm<QuoteForm>({
    id: "quote-request",
    lastResult: navigation.state === "idle" ? (actionData?.result as never) : null,
    defaultValue: { tripType: "oneWay", passengers: "2", ...v, reasons: loaderData.reasons } as Partial<QuoteForm>,
    shouldValidate: "onSubmit",
  });
  const input = (name: TextName, label: string, options: { type?: "text" | "date" | "time" | "number" | "email" | "tel"; optional?: boolean; hint?: string; extra?: Record<string, unknown>; className?: string } = {}) => {
    const field = fields[name];
    return (
      <Field
        look="contact"
        ns="quote"
        id={field.id}
        label={t(label)}
        required={!options.optional}
        optional={options.optional ? t("form.optional") : undefined}
        hint={options.hint}
        errors={field.errors}
        className={options.className}
        control={{ ...getInputProps(field as never, { type: options.type ?? "text" }), ...options.extra }}
      />
    );
  };
  const reasons = (fields.reasons.value as string[] | string | undefined) ?? loaderData.reasons;

  return (
    <main id="main">
      <PageHero eyebrow={t("form.eyebrow")} title={t("form.title")} lead={t("form.lead")} />
      <div className="container-page max-w-3xl py-12">
        {sent ? (
          <section role="status" className="rounded-3xl border border-emerald-300 bg-emerald-50 p-6 text-emerald-950 sm:p-8 dark:border-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-50" data-testid="quote-sent">
            <h2 className="font-display text-2xl font-semibold">{t("sent.title")}</h2>
            <p className="mt-3">{t("sent.reference", { reference: sent.reference })}</p>
            <p className="mt-2">{t("sent.next", { email: sent.email })}</p>
            <a href="/" className="btn-primary mt-6">
              {t("sent.home")}
            </a>
          </section>
        ) : (
          <Form method="post" {...getFormProps(form)} className="grid gap-5 rounded-3xl border border-slate-200 bg-white p-6 shadow-xl sm:grid-cols-2 sm:p-8 dark:border-slate-800 dark:bg-slate-900" aria-describedby={form.errors ? form.errorId : undefined}>
            {form.errors ? (
              <p id={form.errorId} role="alert" className="rounded-xl border border-rose-300 bg-rose-50 p-4 font-medium text-rose-900 sm:col-span-2 dark:border-rose-800 dark:bg-rose-950/50 dark:text-rose-100">
                {t(form.errors[0]!)}
              </p>
            ) : null}
            {(Array.isArray(reasons) ? reasons : [reasons]).filter(Boolean).length > 0 ? (
              <div className="rounded-xl bg-amber-50 p-4 text-sm text-amber-950 sm:col-span-2 dark:bg-amber-950/40 dark:text-amber-100" data-testid="quote-reasons">
                <p className="font-semibold">{t("form.whyTitle")}</p>
                <ul className="mt-1 list-disc pl-5">
                  {(Array.isArray(reasons) ? reasons : [reasons]).filter(Boolean).map((r) => (
                    <li key={r}>{t(`reasons.${r}`)}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {(Array.isArray(reasons) ? reasons : [reasons]).filter(Boolean).map((r) => (
              <input key={r} type="hidden" name="reasons" value={r} />
            ))}
            <h2 className="font-display text-xl font-semibold sm:col-span-2">{t("form.tripTitle")}</h2>
            <Field
              look="contact"
              ns="quote"
              id={fields.tripType.id}
              label={t("form.tripType")}
              required
              errors={fields.tripType.errors}
              className="sm:col-span-2"
              control={{
                as: "select",
                ...getSelectProps(fields.tripType),
                children: TRIP_TYPES.map((tt) => (
                  <option key={tt} value={tt}>
                    {t(`tripTypes.${tt}`)}
                  </option>
                )),
              }}
            />
            {input("pickup", "form.pickup", { hint: t("form.placeHint"), extra: { maxLength: MAX_PLACE_TEXT, autoComplete: "off" } })}
            {input("dropoff", "form.dropoff", { optional: true, hint: t("form.dropoffHint"), extra: { maxLength: MAX_PLACE_TEXT, autoComplete: "off" } })}
            {input("date", "form.date", { type: "date" })}
            {input("time", "form.time", { type: "time" })}
            {input("returnDate", "form.returnDate", { type: "date", optional: true, hint: t("form.returnHint") })}
            {input("returnTime", "form.returnTime", { type: "time", optional: true })}
            {input("hours", "form.hours", { type: "number", optional: true, hint: t("form.hoursHint"), extra: { min: 1, max: 24, inputMode: "numeric" } })}
            {input("passengers", "form.passengers", { type: "number", extra: { min: 1, max: MAX_GROUP, inputMode: "numeric" } })}
            {input("luggage", "form.luggage", { type: "number", optional: true, extra: { min: 0, max: MAX_GROUP_LUGGAGE, inputMode: "numeric" } })}
            <fieldset className="grid gap-5 sm:col-span-2 sm:grid-cols-3" aria-describedby="quote-luggage-items-hint" data-testid="quote-luggage-items">
              <legend className="font-semibold">{t("form.luggageItems")}</legend>
              <p id="quote-luggage-items-hint" className="text-sm text-slate-600 sm:col-span-3 dark:text-slate-300">
                {t("form.luggageItemsHint")}
              </p>
              {LUGGAGE_KINDS.map((kind) => (
                <div key={kind} className="contents">
                  {input(kind, `form.luggageKinds.${kind}`, { type: "number", optional: true, extra: { min: 0, max: MAX_LUGGAGE_ITEM, inputMode: "numeric" } })}
                </div>
              ))}
            </fieldset>
            <h2 className="font-display text-xl font-semibold sm:col-span-2">{t("form.contactTitle")}</h2>
            {input("fullName", "form.fullName", { extra: { autoComplete: "name" } })}
            {input("email", "form.email", { type: "email", extra: { autoComplete: "email" } })}
            {input("phone", "form.phone", { type: "tel", hint: t("form.phoneHint"), extra: { autoComplete: "tel" } })}
            <Field
              look="contact"
              ns="quote"
              id={fields.message.id}
              label={t("form.message")}
              optional={t("form.optional")}
              hint={t("form.messageHint")}
              errors={fields.message.errors}
              className="sm:col-span-2"
              // no maxLength: the browser would cut a pasted text silently; the counter and the server's error say it
              describedBy={`${fields.message.id}-count`}
              control={{ as: "textarea", ...getTextareaProps(fields.message), rows: 5 }}
              after={<LengthCounter id={`${fields.message.id}-count`} target={fields.message.id} max={MAX_QUOTE_MESSAGE} />}
            />
            <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
              <button type="submit" className="btn-primary" disabled={busy}>
                {busy ? t("form.sending") : t("form.submit")}
              </button>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {t("form.privacy")}
                {site?.contactPhone ? (
                  <>
                    {" "}
                    {t("form.orCall")}{" "}
                    <a href={telHref(site.contactPhone)} className="font-semibold underline">
                      {site.contactPhone}
                    </a>
                  </>
                ) : null}
              </p>
            </div>
          </Form>
        )}
      </div>
    </main>
  );
}
