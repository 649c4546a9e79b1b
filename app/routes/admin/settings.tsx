import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { adminLanguage } from "~/admin/i18n.server";
import { AdminPage, Alert, Card, Checkbox, SelectField, TextField, TextareaField, buttonClass } from "~/admin/ui";
import { updateProfile } from "~/auth/profile.server";
import { adminSession } from "~/auth/guard.server";
import { isTotpEnabled } from "~/auth/two-factor.server";
import { findUserById } from "~/auth/users.server";
import { adminAudit } from "~/audit/context.server";
import { getApp } from "~/server/context";
import { ADMIN_LANGUAGES, DEFAULT_SETTINGS, type Settings } from "~/settings/settings";
import { BookingRulesPanel } from "~/admin/booking-rules-panel";
import { PaymentsPanel } from "~/admin/payments-panel";
import { OnlinePaymentsPanel } from "~/admin/online-payments-panel";
import { paymentProvider } from "~/payments/registry.server";
import { FlightsPanel } from "~/admin/flights-panel";
import { flightProvider } from "~/flights/config.server";
import { firstTabWithError, SETTINGS_TABS, settingsFormSchema, type SettingsTab } from "~/settings/settings-form";
import { translateFields } from "~/i18n/translate.server";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { configuredChannels } from "~/server/messaging/config.server";
import { GUEST_MESSAGE_KINDS, KIND_SETTINGS } from "~/notify/guest-message-templates";

// one switch per setting: "confirmed" (issue 32) shares the confirmation's switch
const KIND_SWITCHES = GUEST_MESSAGE_KINDS.map((kind) => [kind, KIND_SETTINGS[kind]] as const).filter(([, setting], i, all) => all.findIndex(([, other]) => other === setting) === i);

const isTab = (v: unknown): v is SettingsTab => typeof v === "string" && (SETTINGS_TABS as readonly string[]).includes(v);

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = adminSession(context);
  const { db, log, env } = getApp(context);
  const asked = new URL(request.url).searchParams.get("tab");
  let settings: Settings = DEFAULT_SETTINGS;
  let loadFailed = false;
  try {
    settings = await getSettings(db.kysely);
  } catch (error) {
    log.error({ err: error }, "settings load failed");
    loadFailed = true;
  }
  const user = await findUserById(db.kysely, session.user.id);
  return {
    settings,
    // which guest-message channels the server has (environment variables), so the switches do not mislead
    channels: configuredChannels(env),
    // the online payment provider this server has (issue 30): none, pay on arrival only
    paymentProvider: paymentProvider()?.name ?? null,
    // the flight provider this server has (issue 31): none, nothing is tracked
    flightProvider: flightProvider()?.name ?? null,
    loadFailed,
    tab: isTab(asked) ? asked : ("general" as SettingsTab),
    profile: { name: user?.name ?? "", email: user?.email ?? "", phone: user?.phone ?? "" },
    totpEnabled: await isTotpEnabled(db.kysely, session.user.id),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = adminSession(context);
  const { db, log } = getApp(context);
  const lng = await adminLanguage(db.kysely);
  const submission = parseWithZod(await request.formData(), { schema: settingsFormSchema });
  const hide = ["profile.currentPassword", "profile.newPassword", "profile.confirmPassword"];
  if (submission.status !== "success") {
    const tab = firstTabWithError(Object.keys(submission.error ?? {}));
    return data({ result: submission.reply({ hideFields: hide }), saved: false, passwordChanged: false, tab }, { status: 400 });
  }
  const { profile, tab, ...settings } = submission.value;
  try {
    const outcome = await updateProfile(db.kysely, session.user.id, session.id, profile);
    if (Object.keys(outcome.errors).length > 0) {
      return data(
        { result: submission.reply({ fieldErrors: translateFields(lng, outcome.errors), hideFields: hide }), saved: false, passwordChanged: false, tab: "profile" as SettingsTab },
        { status: 400 },
      );
    }
    // Pricing and currency rates have their own screen (/admin/pricing): kept as stored.
    const stored = await getSettings(db.kysely);
    await saveSettings(db.kysely, { ...settings, pricing: stored.pricing, currency: stored.currency }, session.user.id, adminAudit(context));
    return { result: submission.reply({ hideFields: hide }), saved: true, passwordChanged: outcome.passwordChanged, tab };
  } catch (error) {
    log.error({ err: error }, "settings save failed");
    return data({ result: submission.reply({ formErrors: ["save"], hideFields: hide }), saved: false, passwordChanged: false, tab }, { status: 500 });
  }
}

/** The form's schema (the same as the action's); its codes are shown in the admin language by the error lists. */
function useSettingsSchema() {
  return settingsFormSchema;
}

function useSettingsForm(defaults: Route.ComponentProps["loaderData"], lastResult: unknown, schema: ReturnType<typeof useSettingsSchema>) {
  const { settings, profile } = defaults;
  return useForm({
    id: "settings",
    lastResult: lastResult as never,
    defaultValue: {
      general: settings.general,
      appearance: { ...settings.appearance, darkMode: settings.appearance.darkMode ? "on" : undefined },
      notifications: Object.fromEntries(Object.entries(settings.notifications).map(([k, v]) => [k, v ? "on" : undefined])),
      security: { twoFactorAuth: settings.security.twoFactorAuth ? "on" : undefined, sessionTimeout: String(settings.security.sessionTimeout) },
      payments: {
        ...settings.payments,
        arrivalCash: settings.payments.arrivalCash ? "on" : undefined,
        arrivalCard: settings.payments.arrivalCard ? "on" : undefined,
        kdvPercent: String(settings.payments.kdvPercent),
        depositPercent: String(settings.payments.depositPercent),
        depositFixed: String(settings.payments.depositFixed),
        holdMinutes: String(settings.payments.holdMinutes),
        lateCancelFeePercent: String(settings.payments.lateCancelFeePercent),
        // read back by name in the panel (their schemas take a form's missing entries)
        payModes: settings.payments.payModes as unknown as string,
        channelRules: settings.payments.channelRules as unknown as string,
        categoryRules: settings.payments.categoryRules as unknown as string,
      },
      booking: { ...settings.booking, leadTimeHours: String(settings.booking.leadTimeHours), changeCutoffHours: String(settings.booking.changeCutoffHours), cancelCutoffHours: String(settings.booking.cancelCutoffHours), guestRetentionYears: String(settings.booking.guestRetentionYears), acceptAlertMinutes: String(settings.booking.acceptAlertMinutes), positionRetentionDays: String(settings.booking.positionRetentionDays), autoConfirm: settings.booking.autoConfirm ? "on" : undefined, autoConfirmMaxPassengers: String(settings.booking.autoConfirmMaxPassengers), driverRestMinutes: String(settings.booking.driverRestMinutes) },
      flights: { movePickup: settings.flights.movePickup ? "on" : undefined, notifyThresholdMinutes: String(settings.flights.notifyThresholdMinutes) },
      profile,
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

type AnyField = Parameters<typeof getInputProps>[0];

function text(meta: AnyField, type: "text" | "email" | "tel" | "password" | "number" | "color" = "text") {
  const { key: _key, ...props } = getInputProps(meta, { type });
  return props;
}

function checkbox(meta: AnyField) {
  const { key: _key, ...props } = getInputProps(meta, { type: "checkbox" });
  return props;
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction?.startsWith("/admin/settings") === true;
  const schema = useSettingsSchema();
  const [form, fields] = useSettingsForm(loaderData, navigation.state === "idle" ? actionData?.result : undefined, schema);
  const serverTab = actionData?.tab && isTab(actionData.tab) ? actionData.tab : loaderData.tab;
  const [tabState, setTab] = useState<{ tab: SettingsTab; from: unknown }>({ tab: serverTab, from: actionData });
  // A new server answer (e.g. an error in another tab) moves to its tab.
  const tab = tabState.from === actionData ? tabState.tab : serverTab;
  const select = (next: SettingsTab) => {
    setTab({ tab: next, from: actionData });
    window.history.replaceState(window.history.state, "", `?tab=${next}`);
  };
  const formProps = getFormProps(form);
  const g = fields.general.getFieldset();
  const a = fields.appearance.getFieldset();
  const n = fields.notifications.getFieldset();
  const s = fields.security.getFieldset();
  const p = fields.profile.getFieldset();
  const saveFailed = form.errors?.includes("save");
  const invalid = actionData && !actionData.saved && !saveFailed && navigation.state === "idle";
  const tabHasError = (name: SettingsTab) => Object.entries(form.allErrors).some(([k, v]) => v.length > 0 && k.startsWith(`${name}.`));

  return (
    <AdminPage title={t("settings.title")} description={t("settings.description")}>
      <title>{t("settings.title")}</title>
      {loaderData.loadFailed ? <Alert tone="error">{t("settings.loadError")}</Alert> : null}
      {actionData?.saved && navigation.state === "idle" ? (
        <Alert tone="success" autoHideMs={3000} key={String(form.key)}>
          {t("settings.saved")}
          {actionData.passwordChanged ? ` ${t("settings.passwordChanged")}` : ""}
        </Alert>
      ) : null}
      {saveFailed ? <Alert tone="error">{t("settings.saveError")}</Alert> : null}
      {invalid ? <Alert tone="error">{t("settings.invalid")}</Alert> : null}

      <Form
        method="post"
        {...formProps}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          // Invalid in the browser: open the first tab holding an error if this one has none.
          const check = parseWithZod(new FormData(event.currentTarget), { schema });
          if (check.status === "error") {
            const keys = Object.entries(check.error ?? {}).filter(([, v]) => v?.length).map(([k]) => k);
            const errorTab = firstTabWithError(keys);
            if (errorTab && !keys.some((k) => k.startsWith(`${tab}.`))) select(errorTab);
          }
        }}
        className="space-y-6"
      >
        <input type="hidden" name="tab" value={tab} />
        <div role="tablist" aria-label={t("settings.title")} className="flex flex-wrap gap-1 border-b border-slate-200 admin-dark:border-slate-800">
          {SETTINGS_TABS.map((name) => (
            <a
              key={name}
              href={`?tab=${name}`}
              role="tab"
              id={`tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`panel-${name}`}
              onClick={(e) => {
                e.preventDefault();
                select(name);
              }}
              className={`-mb-px rounded-t-lg border-b-2 px-4 py-2 text-sm font-medium ${
                tab === name
                  ? "border-brand text-slate-900 admin-dark:text-white"
                  : "border-transparent text-slate-600 hover:text-slate-900 admin-dark:text-slate-400 admin-dark:hover:text-white"
              }`}
            >
              {t(`settings.tabs.${name}`)}
              {tabHasError(name) ? <span className="ml-1 text-red-600" aria-hidden="true">•</span> : null}
            </a>
          ))}
        </div>

        <Panel name="general" active={tab}>
          <div className="grid gap-5 md:grid-cols-2">
            <TextField label={t("settings.siteName")} errors={g.siteName.errors} {...text(g.siteName)} />
            <TextField label={t("settings.contactEmail")} errors={g.contactEmail.errors} {...text(g.contactEmail, "email")} />
            <TextareaField
              label={t("settings.siteDescription")}
              errors={g.siteDescription.errors}
              {...getTextareaProps(g.siteDescription)}
              rows={3}
              className="md:col-span-2"
            />
            <TextField label={t("settings.contactPhone")} errors={g.contactPhone.errors} {...text(g.contactPhone, "tel")} />
            <TextField label={t("settings.secondaryPhone")} errors={g.secondaryPhone.errors} {...text(g.secondaryPhone, "tel")} />
            <TextField label={t("settings.whatsappNumber")} errors={g.whatsappNumber.errors} {...text(g.whatsappNumber, "tel")} />
            <TextField label={t("settings.address")} errors={g.address.errors} {...text(g.address)} />
          </div>
        </Panel>

        <Panel name="appearance" active={tab}>
          <div className="grid gap-5 md:grid-cols-2">
            <Checkbox
              label={t("settings.darkMode")}
              help={t("settings.darkModeHelp")}
              errors={a.darkMode.errors}
              {...checkbox(a.darkMode)}
              className="md:col-span-2"
            />
            <TextField label={t("settings.primaryColor")} errors={a.primaryColor.errors} {...text(a.primaryColor, "color")} className="[&_input]:h-11 [&_input]:w-24 [&_input]:p-1" />
            <SelectField
              label={t("settings.language")}
              help={t("settings.languageHelp")}
              errors={a.language.errors}
              {...getSelectProps(a.language)}
              options={ADMIN_LANGUAGES.map((l) => ({ value: l, label: t(`settings.languages.${l}`) }))}
            />
          </div>
        </Panel>

        <Panel name="notifications" active={tab}>
          <div className="space-y-5">
            {(["emailNotifications", "newBookingNotification", "bookingStatusChangeNotification", "bookingChangeNotification"] as const).map((key) => (
              <Checkbox
                key={key}
                label={t(`settings.${key}`)}
                help={t(`settings.${key}Help`)}
                errors={n[key].errors}
                {...checkbox(n[key])}
              />
            ))}
          </div>
          {/* WhatsApp and SMS to guests (issue 16): each channel says whether the server has it. */}
          <fieldset className="mt-8 space-y-5 border-t border-slate-200 pt-6 admin-dark:border-slate-700">
            <legend className="sr-only">{t("guestMessages.title")}</legend>
            <h3 className="text-base font-semibold" aria-hidden="true">{t("guestMessages.title")}</h3>
            <p className="text-sm text-slate-600 admin-dark:text-slate-400">{t("guestMessages.intro")}</p>
            {(["whatsapp", "sms"] as const).map((channel) => {
              const key = channel === "whatsapp" ? "whatsappNotifications" : "smsNotifications";
              const on = loaderData.channels[channel];
              return (
                <div key={key}>
                  <Checkbox label={t(`guestMessages.${key}`)} help={t(`guestMessages.${key}Help`)} errors={n[key].errors} {...checkbox(n[key])} />
                  <p data-channel={channel} data-configured={on ? "yes" : "no"} className={`mt-1 pl-8 text-xs font-medium ${on ? "text-green-700 admin-dark:text-green-400" : "text-amber-700 admin-dark:text-amber-400"}`}>
                    {t(on ? "guestMessages.configured" : "guestMessages.notConfigured")}
                  </p>
                </div>
              );
            })}
            <p className="text-sm font-medium">{t("guestMessages.kindsTitle")}</p>
            {KIND_SWITCHES.map(([kind, key]) => (
              <Checkbox key={key} label={t(`guestMessages.kinds.${kind}`)} help={t(`guestMessages.kindsHelp.${kind}`)} errors={n[key].errors} {...checkbox(n[key])} />
            ))}
          </fieldset>
        </Panel>

        <Panel name="security" active={tab}>
          <div className="grid gap-5 md:grid-cols-2">
            <Checkbox
              label={t("settings.twoFactorAuth")}
              help={t("settings.twoFactorAuthHelp")}
              errors={s.twoFactorAuth.errors}
              {...checkbox(s.twoFactorAuth)}
              className="md:col-span-2"
            />
            <div className="md:col-span-2 rounded-lg border border-slate-200 p-4 text-sm admin-dark:border-slate-700">
              <p>{loaderData.totpEnabled ? t("settings.twoFactorStatusOn") : t("settings.twoFactorStatusOff")}</p>
              <Link to="/admin/settings/two-factor" className={buttonClass("secondary", "sm", "mt-3")}>
                {loaderData.totpEnabled ? t("settings.twoFactorReset") : t("settings.twoFactorSetup")}
              </Link>
            </div>
            <TextField
              label={t("settings.sessionTimeout")}
              help={t("settings.sessionTimeoutHelp")}
              errors={s.sessionTimeout.errors}
              {...text(s.sessionTimeout, "number")}
              min={5}
              max={120}
              step={1}
            />
          </div>
        </Panel>

        <Panel name="booking" active={tab}>
          <BookingRulesPanel booking={fields.booking} />
        </Panel>

        <Panel name="payments" active={tab}>
          <PaymentsPanel payments={fields.payments} />
          <div className="mt-8">
            <OnlinePaymentsPanel payments={fields.payments} provider={loaderData.paymentProvider} />
          </div>
        </Panel>

        <Panel name="flights" active={tab}>
          <FlightsPanel flights={fields.flights} provider={loaderData.flightProvider} />
        </Panel>

        <Panel name="profile" active={tab}>
          <div className="grid gap-5 md:grid-cols-2">
            <TextField label={t("settings.profileName")} errors={p.name.errors} {...text(p.name)} autoComplete="name" />
            <TextField label={t("settings.profileEmail")} errors={p.email.errors} {...text(p.email, "email")} autoComplete="email" />
            <TextField label={t("settings.profilePhone")} errors={p.phone.errors} {...text(p.phone, "tel")} autoComplete="tel" />
          </div>
          <fieldset className="mt-8">
            <legend className="text-base font-semibold">{t("settings.changePassword")}</legend>
            <p className="mt-1 text-sm text-slate-600 admin-dark:text-slate-400">{t("settings.changePasswordHelp")}</p>
            <div className="mt-4 grid gap-5 md:grid-cols-3">
              <TextField label={t("settings.currentPassword")} errors={p.currentPassword.errors} {...text(p.currentPassword, "password")} autoComplete="current-password" />
              <TextField label={t("settings.newPassword")} errors={p.newPassword.errors} {...text(p.newPassword, "password")} autoComplete="new-password" />
              <TextField label={t("settings.confirmPassword")} errors={p.confirmPassword.errors} {...text(p.confirmPassword, "password")} autoComplete="new-password" />
            </div>
          </fieldset>
        </Panel>

        <div className="flex justify-end">
          <button type="submit" disabled={saving} className={buttonClass("primary", "md", "min-w-32")}>
            {saving ? t("ui.saving") : t("ui.save")}
          </button>
        </div>
      </Form>
    </AdminPage>
  );
}

function Panel({ name, active, children }: { name: SettingsTab; active: SettingsTab; children: React.ReactNode }) {
  const { t } = useTranslation("admin");
  return (
    <div role="tabpanel" id={`panel-${name}`} aria-labelledby={`tab-${name}`} hidden={name !== active}>
      <Card title={t(`settings.tabs.${name}`)}>{children}</Card>
    </div>
  );
}

