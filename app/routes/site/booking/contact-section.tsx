/**
 * The results page's contact form (app/routes/site/booking-results.tsx): the visitor's details,
 * the extras, the address of each stop, the payment choice and the terms. It is the larger half of
 * the page's code and of its hydration, and most visitors look at the cars first, so the page
 * loads it on demand (app/components/site/on-demand.tsx): the server renders it whole (it works
 * without JavaScript), and the browser hydrates it when the visitor turns to it or chooses a car.
 * Whatever was typed or chosen in it before that is read from the form when it hydrates.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Trans } from "react-i18next";
import { Form } from "react-router";
import { useTranslation } from "~/i18n/react";
import type { Route } from "../+types/booking-results";
import { AddressFields } from "~/routes/site/booking/address-fields";
import { PayChoice } from "~/routes/site/booking/pay-choice";
import { PriceLines } from "~/routes/site/booking/price-lines";
import { waitingStatement, withExtras } from "~/booking/rules/price-text";
import { ExtrasFieldset, quantityOf } from "~/routes/site/booking/extras-fieldset";
import { extraField, extraTextField } from "~/booking/rules/extras";
import { useMoney } from "~/pricing/use-money";
import { BookingTerms } from "~/routes/site/booking/booking-terms";
import { ConfirmButton } from "~/routes/site/booking/contact-notices";
import { LengthCounter } from "~/components/site/length-counter";
import { MAX_NOTES } from "~/booking/rules/contact-limits";
import { Field } from "~/components/site/field";
import { useHydrated } from "~/components/site/use-hydrated";
import { useValidationOnDemand } from "~/components/site/use-validation-on-demand";
import { useCategoryLabel } from "~/fleet/category";

type Loaded = Extract<Route.ComponentProps["loaderData"], { query: string }>;

export interface ContactSectionProps {
  data: Loaded;
  selectedCar: Loaded["cars"][number] | null;
  actionData: Route.ComponentProps["actionData"];
  submitting: boolean;
  routes: { outbound: string; return?: string };
}

/** The values of the extras' fields as the form holds them (a checkbox: "on" or ""). */
function extrasInForm(form: HTMLFormElement, codes: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const code of codes) {
    for (const name of [extraField(code), extraTextField(code)]) {
      const element = form.elements.namedItem(name);
      if (element instanceof HTMLInputElement) values[name] = element.type === "checkbox" ? (element.checked ? "on" : "") : element.value;
      else if (element instanceof HTMLSelectElement) values[name] = element.value;
    }
  }
  return values;
}

export function ContactSection({ data, selectedCar, actionData, submitting, routes }: ContactSectionProps) {
  const { t } = useTranslation("booking");
  const money = useMoney();
  const categoryLabel = useCategoryLabel();
  const hydrated = useHydrated();
  // The schema (and zod with it) loads on the visitor's first focus in the form.
  const schema = useValidationOnDemand(() => import("~/booking/rules/contact-validation").then((m) => m.validateBookingContact));
  const validate = schema.validate;
  const [form, fields] = useForm({
    id: "booking-contact",
    lastResult: actionData?.status === "error" || actionData?.status === "quote" || actionData?.status === "taken" ? actionData.reply : undefined,
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
    // Not on blur: a message appearing under a field moves the consent box away from a click in flight.
    shouldValidate: "onSubmit",
    shouldRevalidate: validate ? "onInput" : "onSubmit",
  });
  const formProps = getFormProps(form);
  // Values kept after a failed attempt count from the start.
  const filledFrom = (values: unknown) => {
    const v = (values ?? {}) as Record<string, unknown>;
    const has = (k: string) => typeof v[k] === "string" && (v[k] as string).trim() !== "";
    return { fullName: has("fullName"), email: has("email"), phone: has("phone"), consent: has("consent") };
  };
  const [filled, setFilled] = useState(() => filledFrom(actionData?.reply.initialValue));
  // The extras as typed: kept across a refused or re-priced submission (the server echoes them).
  const [extraValues, setExtraValues] = useState<Record<string, string>>(() => actionData?.extraValues ?? {});
  const [seenResult, setSeenResult] = useState(actionData);
  if (seenResult !== actionData) {
    setSeenResult(actionData);
    setFilled(filledFrom(actionData?.reply.initialValue));
    setExtraValues(actionData?.extraValues ?? {});
  }
  const offered = data.priceTerms.extras;
  const chosen = offered.map((extra) => ({ extra, quantity: Math.min(quantityOf(extraValues, extra.code), extra.maxQuantity), text: extraValues[`extraText.${extra.code}`] ?? null }));
  // The server's price once it re-priced ("Update price"), else the card's transport lines with the extras chosen here.
  const quoted = actionData?.status === "quote" && actionData.quote && actionData.quote.carId === selectedCar?.id && actionData.extraValues === extraValues ? actionData.quote : null;
  const preview = selectedCar ? (quoted ?? { ...selectedCar.price, ...withExtras(selectedCar.price, chosen) }) : null;
  const waiting = data.priceTerms.waiting;
  const waitingText = waitingStatement(t, data.airport, data.airport ? waiting.airportMinutes : waiting.otherMinutes, waiting.price === null ? null : money.shown(waiting.price), data.hire?.hours ?? null);
  const readFilled = (f: HTMLFormElement) => {
    const value = (n: string) => ((f.elements.namedItem(n) as HTMLInputElement | null)?.value ?? "").trim() !== "";
    setFilled({ fullName: value("fullName"), email: value("email"), phone: value("phone"), consent: (f.elements.namedItem("consent") as HTMLInputElement | null)?.checked ?? false });
  };
  // Hydrated on demand: what the visitor typed or chose before that is in the form, not in the state.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const f = formRef.current;
    if (!f) return;
    readFilled(f);
    const inForm = extrasInForm(f, offered.map((extra) => extra.code));
    setExtraValues((values) => (Object.entries(inForm).every(([name, value]) => (values[name] ?? "") === value) ? values : { ...values, ...inForm }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form hydrates
  }, []);
  const ready = filled.fullName && filled.email && filled.phone && filled.consent && selectedCar !== null;
  const fieldError = (errors?: string[]) => errors?.map((e) => t(e)).join(" ");
  const missingContact = [fields.fullName, fields.email, fields.phone].some((f) => f.errors?.includes("errors.required"));

  return (
    <section id="contact" aria-labelledby="contact-title" className="mt-12 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="contact-title" className="font-display text-2xl font-semibold">{t("contact.title")}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {selectedCar ? t("contact.selectedCar", { car: selectedCar.name, price: money.shown(preview?.total ?? selectedCar.price.total) }) : t("contact.selectCarFirst")}
      </p>
      {selectedCar && preview && (
        <div id="booking-price" aria-live="polite" className="mt-4 max-w-xl rounded-2xl bg-slate-50 p-4 dark:bg-slate-800/60">
          <h3 className="text-sm font-semibold">{t("price.title")}</h3>
          <PriceLines price={preview} rules={data.priceTerms.rules} routes={routes} category={categoryLabel(selectedCar.category)} className="mt-2" />
        </div>
      )}
      <p data-waiting className="mt-3 text-sm text-slate-700 dark:text-slate-200">{waitingText}</p>
      <Form
        ref={formRef}
        method="post"
        {...formProps}
        onFocusCapture={schema.start}
        onSubmit={(event) => schema.onSubmit(event, formProps.onSubmit)}
        onChange={(e) => readFilled(e.currentTarget)}
        className="mt-6 grid gap-5 md:grid-cols-2"
      >
        {missingContact && <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 md:col-span-2">{t("bookingResults.fillContactInfo")}</p>}
        <input type="hidden" name="carId" value={selectedCar?.id ?? ""} />
        <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
        {/* Enter in a field books (the first submit button is the one a browser presses), not "Update price" below. */}
        {!hydrated && (
          <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">
            {t("contact.confirm")}
          </button>
        )}
        {fields.carId.errors && <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 md:col-span-2">{fieldError(fields.carId.errors)}</p>}
        <Field look="booking" ns="booking" id={fields.fullName.id} label={t("contact.fullName")} errors={fields.fullName.errors} control={{ ...getInputProps(fields.fullName, { type: "text" }), autoComplete: "name", maxLength: 100, required: true }} />
        <Field look="booking" ns="booking" id={fields.email.id} label={t("contact.email")} errors={fields.email.errors} control={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", maxLength: 254, required: true }} />
        <Field
          look="booking"
          ns="booking"
          id={fields.phone.id}
          label={t("contact.phone")}
          hint={t("contact.phoneHint")}
          errors={fields.phone.errors}
          control={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel", maxLength: 30, placeholder: "+90 532 123 45 67", required: true }}
        />
        {data.airport && (
          <Field
            look="booking"
            ns="booking"
            id={fields.flightNumber.id}
            label={t("contact.flightNumber")}
            required
            hint={t("contact.flightHint")}
            errors={fields.flightNumber.errors}
            control={{ ...getInputProps(fields.flightNumber, { type: "text" }), maxLength: 10, placeholder: "TK 2412", required: true }}
          />
        )}
        <AddressFields stops={data.addressStops} fields={fields} />
        <ExtrasFieldset
          extras={offered}
          values={extraValues}
          problems={actionData?.extraProblems ?? {}}
          onChange={(name, value) => setExtraValues((v) => ({ ...v, [name]: value }))}
          showQuoteButton={!hydrated}
        />
        <Field
          look="booking"
          ns="booking"
          id={fields.notes.id}
          label={t("contact.notes")}
          optional={t("contact.optional")}
          errors={fields.notes.errors}
          className="md:col-span-2"
          // no maxLength: the browser would cut a pasted text silently; the counter and the server's error say it
          describedBy={`${fields.notes.id}-count`}
          control={{ as: "textarea", ...getTextareaProps(fields.notes), rows: 3, placeholder: t("contact.notesPlaceholder") }}
          after={<LengthCounter id={`${fields.notes.id}-count`} target={fields.notes.id} max={MAX_NOTES} />}
        />
        <div className="md:col-span-2">
          <label className="flex items-start gap-3 text-sm">
            <input {...getInputProps(fields.consent, { type: "checkbox", value: "on" })} required className="mt-1 h-5 w-5 accent-brand" />
            <span>
              <Trans
                t={t}
                i18nKey="contact.consent"
                components={{ privacy: <a href="/privacy" target="_blank" rel="noopener" className="font-semibold underline" /> }}
              />
            </span>
          </label>
          {fields.consent.errors && <p id={fields.consent.errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">{fieldError(fields.consent.errors)}</p>}
        </div>
        <div className="md:col-span-2">
          <label className="flex items-start gap-3 text-sm">
            <input {...getInputProps(fields.messagingConsent, { type: "checkbox", value: "on" })} className="mt-1 h-5 w-5 accent-brand" />
            <span>{t("consent.messaging")}</span>
          </label>
          <p className="mt-1 pl-8 text-xs text-slate-600 dark:text-slate-400">{t("consent.messagingHint")}</p>
        </div>
        {selectedCar && preview && <PayChoice online={data.terms.online} category={selectedCar.category} total={preview.total} money={money} chosen={String((actionData?.reply.initialValue as Record<string, unknown> | null | undefined)?.payMode ?? "")} />}
        <BookingTerms terms={data.terms} className="rounded-2xl bg-slate-50 p-4 md:col-span-2 dark:bg-slate-800/60" />
        <div className="md:col-span-2">
          <ConfirmButton ready={ready} submitting={submitting} />
        </div>
      </Form>
    </section>
  );
}
