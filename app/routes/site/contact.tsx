/**
 * Contact (spec §2): the company's details from settings, opening hours, the contact form (stored,
 * mailed to the office; Conform + one zod schema in the browser and on the server) and our own map.
 */
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/i18n/react";
import { data, Form, useNavigation } from "react-router";
import type { I18nHandle } from "~/i18n/resources";
import type { Route } from "./+types/contact";
import { saveContactMessage } from "~/contact/contact.server";
import { contactSchema, MAX_CONTACT_MESSAGE } from "~/contact/schema";
import { pageMeta, rootMetaData } from "~/components/seo";
import { Field } from "~/components/site/field";
import { useValidationOnDemand } from "~/components/site/use-validation-on-demand";
import { Icon, type IconName } from "~/components/site/icons";
import { telHref, whatsappHref } from "~/components/site/links";
import { OfficeMap } from "~/components/site/office-map";
import { PageHero } from "~/components/site/section-heading";
import { listCars } from "~/fleet/cars.server";
import { getInstance, getLanguage } from "~/i18n/i18next.server";
import { useRootData } from "~/root";
import { getApp } from "~/server/context";
import { hitRateLimit } from "~/server/rate-limit.server";
import { getSettings } from "~/settings/settings.server";
import { retryAfterHeaders } from "~/server/http/retry-after";
import { LengthCounter } from "~/components/site/length-counter";

/** The catalogues this page needs besides `common` (loaded before hydration; app/i18n/resources.ts). */
export const handle: I18nHandle = { i18n: ["contact"] };

export async function loader({ context }: Route.LoaderArgs) {
  const { db, log } = getApp(context);
  const { t } = getInstance(context);
  let vehicles: string[] = [];
  try {
    vehicles = [...new Set((await listCars(db.kysely, { status: "active" })).cars.map((c) => c.name).filter(Boolean))];
  } catch (error) {
    // The form still works without the list; the field is optional.
    log.error({ err: error }, "vehicle list for the contact form could not be loaded");
  }
  // The fields' constraints (required, lengths) come from the schema here, so the page does not load
  // zod for them; the browser loads the schema itself when the visitor starts on the form.
  return { title: t("contact:meta.title"), description: t("contact:meta.description"), vehicles, constraint: getZodConstraint(contactSchema) };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  if (!data) return [];
  return pageMeta({ ...rootMetaData(matches, location), title: data.title, description: data.description, path: "/contact" });
}

/** A refused attempt's 429 carries its Retry-After (app/server/http/retry-after.ts). */
export const headers = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, log, mailer, clientIp } = getApp(context);
  const submission = parseWithZod(await request.formData(), { schema: contactSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  }
  const limit = await hitRateLimit(db.kysely, `contact:${clientIp}`, { limit: 5, windowMs: 60 * 60 * 1000 });
  if (!limit.allowed) {
    return data(
      { result: submission.reply({ formErrors: ["contact:form.rateLimited"] }), sent: false },
      { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
    );
  }
  try {
    const settings = await getSettings(db.kysely);
    await saveContactMessage({ db: db.kysely, mailer, env, settings }, submission.value, {
      locale: getLanguage(context),
      ip: clientIp || null,
    });
  } catch (error) {
    log.error({ err: error }, "contact message could not be stored");
    return data({ result: submission.reply({ formErrors: ["contact:form.error"] }), sent: false }, { status: 503 });
  }
  return data({ result: submission.reply({ resetForm: true }), sent: true });
}

interface ContactFormProps {
  vehicles: string[];
  constraint: ReturnType<typeof getZodConstraint>;
  lastResult: unknown;
  sent: boolean;
}

function ContactForm({ vehicles, constraint, lastResult, sent }: ContactFormProps) {
  const { t } = useTranslation("contact");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/contact";
  // The schema (and zod with it) loads on the visitor's first focus in the form.
  const schema = useValidationOnDemand(() => import("~/contact/validate").then((m) => m.validateContact));
  const validate = schema.validate;
  const [form, fields] = useForm({
    id: "contact-form",
    lastResult: navigation.state === "idle" ? (lastResult as never) : null,
    constraint,
    shouldValidate: validate ? "onBlur" : "onSubmit",
    shouldRevalidate: validate ? "onInput" : "onSubmit",
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
  });
  const formProps = getFormProps(form);

  return (
    <Form
      method="post"
      {...formProps}
      onFocusCapture={schema.start}
      onSubmit={(event) => schema.onSubmit(event, formProps.onSubmit)}
      className="grid gap-5 sm:grid-cols-2"
      aria-describedby={form.errors ? form.errorId : undefined}
    >
      {sent && (
        <p role="status" className="rounded-xl border border-emerald-300 bg-emerald-50 p-4 font-medium text-emerald-900 sm:col-span-2 dark:border-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-100">
          {t("form.success")}
        </p>
      )}
      {form.errors && (
        <p id={form.errorId} role="alert" className="rounded-xl border border-rose-300 bg-rose-50 p-4 font-medium text-rose-900 sm:col-span-2 dark:border-rose-800 dark:bg-rose-950/50 dark:text-rose-100">
          {t(form.errors[0]!)}
        </p>
      )}
      <Field look="contact" ns="contact" id={fields.name.id} label={t("form.name")} required errors={fields.name.errors} control={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }} />
      <Field look="contact" ns="contact" id={fields.email.id} label={t("form.email")} required errors={fields.email.errors} control={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} />
      <Field look="contact" ns="contact" id={fields.phone.id} label={t("form.phone")} required errors={fields.phone.errors} control={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }} />
      <Field
        look="contact"
        ns="contact"
        id={fields.preferredVehicle.id}
        label={t("form.vehicle")}
        optional={t("form.optional")}
        errors={fields.preferredVehicle.errors}
        control={{
          as: "select",
          ...getSelectProps(fields.preferredVehicle),
          children: (
            <>
              <option value="">{t("form.vehicleAny")}</option>
              {vehicles.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </>
          ),
        }}
      />
      <Field look="contact" ns="contact" id={fields.startDate.id} label={t("form.startDate")} optional={t("form.optional")} errors={fields.startDate.errors} control={getInputProps(fields.startDate, { type: "date" })} />
      <Field look="contact" ns="contact" id={fields.endDate.id} label={t("form.endDate")} optional={t("form.optional")} errors={fields.endDate.errors} control={getInputProps(fields.endDate, { type: "date" })} />
      <Field
        look="contact"
        ns="contact"
        id={fields.message.id}
        label={t("form.message")}
        required
        errors={fields.message.errors}
        className="sm:col-span-2"
        describedBy={`${fields.message.id}-count`}
        control={{ as: "textarea", ...getTextareaProps(fields.message), rows: 6 }}
        after={<LengthCounter id={`${fields.message.id}-count`} target={fields.message.id} max={MAX_CONTACT_MESSAGE} />}
      />
      <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? t("form.sending") : t("form.submit")}
        </button>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("form.privacy")}</p>
      </div>
    </Form>
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("contact");
  const site = useRootData()?.site;
  const details: Array<{ icon: IconName; label: string; value: string; href?: string; note?: string }> = site
    ? [
        { icon: "phone", label: t("details.phone"), value: site.contactPhone, href: telHref(site.contactPhone) },
        {
          icon: "phone",
          label: t("details.immediate"),
          value: site.secondaryPhone,
          href: telHref(site.secondaryPhone),
          note: t("details.immediateNote"),
        },
        { icon: "mail", label: t("details.email"), value: site.contactEmail, href: `mailto:${site.contactEmail}` },
        { icon: "pin", label: t("details.address"), value: site.address },
      ]
    : [];

  return (
    <main id="main">
      <PageHero eyebrow={t("hero.eyebrow")} title={t("hero.title")} lead={t("hero.lead")} />
      <div className="container-page grid gap-12 py-16 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <section aria-labelledby="details-title">
          <h2 id="details-title" className="font-display text-2xl font-semibold">
            {t("details.title")}
          </h2>
          <ul className="mt-6 space-y-5">
            {details.map((d) => (
              <li key={d.label} className="flex gap-4">
                <span className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-brand-soft text-brand-strong dark:text-brand">
                  <Icon name={d.icon} />
                </span>
                <div>
                  <p className="text-sm text-slate-600 dark:text-slate-300">{d.label}</p>
                  {d.href ? (
                    <a href={d.href} className="font-semibold hover:underline">
                      {d.value}
                    </a>
                  ) : (
                    <p className="font-semibold">{d.value}</p>
                  )}
                  {d.note && <p className="text-sm text-slate-600 dark:text-slate-300">{d.note}</p>}
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-8 rounded-2xl border border-slate-200 p-6 dark:border-slate-800">
            <h3 className="flex items-center gap-2 font-semibold">
              <Icon name="clock" className="h-5 w-5 text-brand-strong dark:text-brand" />
              {t("hours.title")}
            </h3>
            <dl className="mt-4 space-y-2 text-sm">
              <div className="flex justify-between gap-4">
                <dt>{t("hours.weekdays")}</dt>
                <dd className="font-semibold tabular-nums">{t("hours.weekdaysTime")}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt>{t("hours.weekend")}</dt>
                <dd className="font-semibold tabular-nums">{t("hours.weekendTime")}</dd>
              </div>
            </dl>
            <p className="mt-4 rounded-xl bg-ink px-4 py-3 text-sm font-semibold text-white">
              <span className="text-brand">24/7</span> · {t("hours.concierge")}
            </p>
          </div>
          {site?.whatsappNumber && (
            <a
              href={whatsappHref(site.whatsappNumber)}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-6 inline-flex items-center gap-2 rounded-full bg-[#25d366] px-6 py-3 text-sm font-semibold text-[#0b2e17]"
            >
              {t("details.whatsapp")}
              <span className="sr-only"> {t("map.newWindow")}</span>
            </a>
          )}
        </section>
        <section aria-labelledby="form-title" id="form" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-xl sm:p-10 dark:border-slate-800 dark:bg-slate-900">
          <h2 id="form-title" className="font-display text-2xl font-semibold">
            {t("form.title")}
          </h2>
          <p className="mt-2 mb-8 text-slate-600 dark:text-slate-300">{t("form.lead")}</p>
          <ContactForm vehicles={loaderData.vehicles} constraint={loaderData.constraint} lastResult={actionData?.result} sent={actionData?.sent ?? false} />
        </section>
      </div>
      <section aria-labelledby="map-title" className="container-page pb-20">
        <h2 id="map-title" className="mb-6 font-display text-2xl font-semibold">
          {t("map.heading")}
        </h2>
        {site && <OfficeMap address={site.address} />}
      </section>
    </main>
  );
}
