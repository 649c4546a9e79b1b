/**
 * The driver form of /admin/drivers/add and /admin/drivers/edit/{id}: a plain post that works
 * without JavaScript (multipart, for the photo); problems come back by field with everything typed
 * kept (a chosen file has to be chosen again: a browser never fills a file field).
 */
import { useTranslation } from "~/i18n/react";
import { Form, useNavigation } from "react-router";
import { Alert, buttonClass, Card, Checkbox, ErrorList, SelectField, TextField } from "~/admin/ui";
import type { DriverAccount, DriverFormState } from "./driver-admin.server";
import { DRIVER_LANGUAGES, MAX_DRIVER_NAME, MAX_LICENCE } from "./drivers";
import { PAYOUT_RULES } from "./payout";

export function DriverForm({ state, accounts, submitLabel }: { state: DriverFormState; accounts: DriverAccount[]; submitLabel: string }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { values, fields } = state;
  const languagesError = fields.languages?.length ? "driver-languages-error" : undefined;
  const photoDescribedBy = ["driver-photo-help", fields.photo?.length ? "driver-photo-error" : ""].filter(Boolean).join(" ");
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-6" id="driver-form">
      {state.message ? <Alert tone="error">{state.message}</Alert> : null}
      <Card title={t("drivers.fields.info")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="driver-name"
            name="name"
            label={t("drivers.fields.name")}
            defaultValue={values.name}
            errors={fields.name}
            required
            maxLength={MAX_DRIVER_NAME}
            autoComplete="off"
          />
          <TextField
            id="driver-licence"
            name="licenceNumber"
            label={t("drivers.fields.licence")}
            defaultValue={values.licenceNumber}
            errors={fields.licenceNumber}
            maxLength={MAX_LICENCE}
            autoComplete="off"
          />
          <TextField
            id="driver-phone"
            name="phone"
            type="tel"
            label={t("drivers.fields.phone")}
            help={t("drivers.fields.phoneHelp")}
            defaultValue={values.phone}
            errors={fields.phone}
            required
            maxLength={30}
            autoComplete="off"
          />
          <TextField
            id="driver-whatsapp"
            name="whatsapp"
            type="tel"
            label={t("drivers.fields.whatsapp")}
            help={t("drivers.fields.whatsappHelp")}
            defaultValue={values.whatsapp}
            errors={fields.whatsapp}
            maxLength={30}
            autoComplete="off"
          />
          <fieldset className="sm:col-span-2" aria-describedby={languagesError}>
            <legend className="mb-2 text-sm font-medium text-slate-700 admin-dark:text-slate-300">{t("drivers.fields.languages")}</legend>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6">
              {DRIVER_LANGUAGES.map((code) => (
                <li key={code}>
                  <Checkbox
                    id={`driver-language-${code}`}
                    name="languages"
                    value={code}
                    label={t(`drivers.languageNames.${code}`)}
                    defaultChecked={values.languages.includes(code)}
                  />
                </li>
              ))}
            </ul>
            <ErrorList id={languagesError} errors={fields.languages} />
          </fieldset>
          <SelectField
            id="driver-user"
            name="userId"
            label={t("drivers.fields.user")}
            help={t("drivers.fields.userHelp")}
            defaultValue={values.userId}
            errors={fields.userId}
            options={[{ value: "", label: t("drivers.fields.userNone") }, ...accounts.map((a) => ({ value: a.id, label: a.name ? `${a.name} (${a.email})` : a.email }))]}
          />
          <Checkbox
            id="driver-active"
            name="active"
            label={t("drivers.fields.active")}
            help={t("drivers.fields.activeHelp")}
            defaultChecked={values.active}
            className="self-center"
          />
        </div>
      </Card>
      <Card title={t("drivers.payout.title")}>
        <p className="mb-4 text-sm text-slate-600 admin-dark:text-slate-400">{t("drivers.payout.help")}</p>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            id="driver-payout-rule"
            name="payoutRule"
            label={t("drivers.payout.rule")}
            defaultValue={values.payoutRule}
            errors={fields.payoutRule}
            options={[{ value: "", label: t("drivers.payout.rules.none") }, ...PAYOUT_RULES.map((r) => ({ value: r, label: t(`drivers.payout.rules.${r}`) }))]}
          />
          <TextField
            id="driver-payout-amount"
            name="payoutAmount"
            inputMode="decimal"
            label={t("drivers.payout.amount")}
            help={t("drivers.payout.amountHelp")}
            defaultValue={values.payoutAmount}
            errors={fields.payoutAmount}
            maxLength={12}
            autoComplete="off"
          />
          <TextField
            id="driver-payout-share"
            name="payoutShare"
            inputMode="decimal"
            label={t("drivers.payout.share")}
            help={t("drivers.payout.shareHelp")}
            defaultValue={values.payoutShare}
            errors={fields.payoutShare}
            maxLength={6}
            autoComplete="off"
          />
        </div>
      </Card>
      <Card title={t("drivers.fields.photo")}>
        <div className="flex flex-wrap items-start gap-4">
          {values.photo ? (
            <figure className="shrink-0">
              <img
                src={values.photo}
                alt={t("drivers.fields.photoCurrent")}
                width={96}
                height={96}
                className="size-24 rounded-full object-cover ring-1 ring-slate-200 admin-dark:ring-slate-700"
              />
            </figure>
          ) : null}
          <div className="min-w-0 flex-1 space-y-3">
            <div>
              <label htmlFor="driver-photo" className="mb-1 block text-sm font-medium text-slate-700 admin-dark:text-slate-300">
                {values.photo ? t("drivers.fields.photoReplace") : t("drivers.fields.photo")}
              </label>
              <input
                id="driver-photo"
                type="file"
                name="photo"
                accept="image/jpeg,image/png,image/webp"
                aria-describedby={photoDescribedBy}
                aria-invalid={fields.photo?.length ? true : undefined}
                className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-200 file:px-3 file:py-2 file:text-sm file:font-medium admin-dark:file:bg-slate-800 admin-dark:file:text-slate-100"
              />
              <p id="driver-photo-help" className="mt-1 text-xs text-slate-500 admin-dark:text-slate-400">
                {t("drivers.fields.photoHelp")}
              </p>
              <ErrorList id="driver-photo-error" errors={fields.photo} />
            </div>
            {values.photo ? (
              <Checkbox id="driver-remove-photo" name="removePhoto" label={t("drivers.fields.removePhoto")} defaultChecked={values.removePhoto} />
            ) : null}
          </div>
        </div>
      </Card>
      <div className="flex justify-end">
        <button type="submit" className={buttonClass("primary")} disabled={busy}>
          {busy ? t("ui.saving") : submitLabel}
        </button>
      </div>
    </Form>
  );
}
