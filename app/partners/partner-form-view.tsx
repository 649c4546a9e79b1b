/**
 * The partner form of /admin/partners/new and /admin/partners/{id}: a plain post that works without
 * JavaScript; problems come back by field with everything typed kept.
 */
import { Form, useNavigation } from "react-router";
import { Alert, buttonClass, Card, Checkbox, SelectField, TextareaField, TextField } from "~/admin/ui";
import { LANGUAGES } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";
import type { PartnerFormState } from "./partner-admin.server";
import { MAX_COMMISSION_PERCENT, MAX_PARTNER_CONTACT, MAX_PARTNER_NAME, MAX_PARTNER_NOTES, PARTNER_CREDIT_TERMS, PARTNER_KINDS, PARTNER_RATE_RULES } from "./partners";

export function PartnerForm({ state, submitLabel }: { state: PartnerFormState; submitLabel: string }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { values, fields } = state;
  return (
    <Form method="post" className="space-y-6" id="partner-form" noValidate>
      {state.message ? <Alert tone="error">{state.message}</Alert> : null}
      <Card title={t("partners.fields.info")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="partner-name"
            name="name"
            label={t("partners.fields.name")}
            defaultValue={values.name}
            errors={fields.name}
            required
            maxLength={MAX_PARTNER_NAME}
            autoComplete="organization"
          />
          <TextField
            id="partner-code"
            name="code"
            label={t("partners.fields.code")}
            help={t("partners.fields.codeHelp")}
            defaultValue={values.code}
            errors={fields.code}
            required
            maxLength={20}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
          <SelectField
            id="partner-kind"
            name="kind"
            label={t("partners.fields.kind")}
            defaultValue={values.kind}
            errors={fields.kind}
            options={PARTNER_KINDS.map((kind) => ({ value: kind, label: t(`partners.kinds.${kind}`) }))}
          />
          <SelectField
            id="partner-language"
            name="language"
            label={t("partners.fields.language")}
            help={t("partners.fields.languageHelp")}
            defaultValue={values.language}
            errors={fields.language}
            options={LANGUAGES.map((code) => ({ value: code, label: t(`partners.languages.${code}`) }))}
          />
        </div>
      </Card>
      <Card title={t("partners.fields.terms")}>
        {state.netAbovePublic ? (
          <div className="mb-4">
            <Alert tone="info">{t("partners.netRates.aboveWarning", { count: state.netAbovePublic })}</Alert>
          </div>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            id="partner-rate-rule"
            name="rateRule"
            label={t("partners.fields.rateRule")}
            help={t("partners.fields.rateRuleHelp")}
            defaultValue={values.rateRule}
            errors={fields.rateRule}
            options={PARTNER_RATE_RULES.map((rule) => ({ value: rule, label: t(`partners.rateRules.${rule}`) }))}
            className="sm:col-span-2"
          />
          <TextField
            id="partner-commission"
            name="commissionPercent"
            inputMode="decimal"
            label={t("partners.fields.commission")}
            help={t("partners.fields.commissionHelp", { max: MAX_COMMISSION_PERCENT })}
            defaultValue={values.commissionPercent}
            errors={fields.commissionPercent}
            maxLength={8}
            autoComplete="off"
          />
          <SelectField
            id="partner-credit-terms"
            name="creditTerms"
            label={t("partners.fields.creditTerms")}
            help={t("partners.fields.creditTermsHelp")}
            defaultValue={values.creditTerms}
            errors={fields.creditTerms}
            options={PARTNER_CREDIT_TERMS.map((terms) => ({ value: terms, label: t(`partners.creditTerms.${terms}`) }))}
          />
          <Checkbox
            id="partner-active"
            name="active"
            label={t("partners.fields.active")}
            help={t("partners.fields.activeHelp")}
            defaultChecked={values.active}
            className="sm:col-span-2"
          />
        </div>
      </Card>
      <Card title={t("partners.fields.contact")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="partner-contact"
            name="contactName"
            label={t("partners.fields.contactName")}
            defaultValue={values.contactName}
            errors={fields.contactName}
            maxLength={MAX_PARTNER_CONTACT}
            autoComplete="off"
          />
          <TextField
            id="partner-email"
            name="email"
            type="email"
            label={t("partners.fields.email")}
            help={t("partners.fields.emailHelp")}
            defaultValue={values.email}
            errors={fields.email}
            maxLength={254}
            autoComplete="off"
          />
          <TextField
            id="partner-phone"
            name="phone"
            type="tel"
            label={t("partners.fields.phone")}
            defaultValue={values.phone}
            errors={fields.phone}
            maxLength={30}
            autoComplete="off"
          />
          <TextareaField
            id="partner-notes"
            name="notes"
            label={t("partners.fields.notes")}
            defaultValue={values.notes}
            errors={fields.notes}
            maxLength={MAX_PARTNER_NOTES}
            rows={3}
            className="sm:col-span-2"
          />
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
