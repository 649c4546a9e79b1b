/**
 * The guest's hotel or street address for each leg end that is not an airport ("Hotel or address
 * — Belek"), in the results page's contact form, and the same addresses in the success box.
 * Plain inputs of the contact form (Conform, `contactSchema`), so they work without JavaScript.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/i18n/react";
import { Field } from "~/components/site/field";
import { addressLabelKey, type AddressLeg, type AddressStop } from "~/booking/rules/addresses";
import type { AddressField } from "~/booking/rules/contact";
import { MAX_ADDRESS } from "~/booking/rules/contact-limits";
import { Fragment } from "react";

export function AddressFields({ stops, fields }: { stops: readonly AddressStop[]; fields: Record<AddressField, FieldMetadata<string | undefined, Record<string, unknown>, string[]>> }) {
  const { t } = useTranslation("booking");
  if (stops.length === 0) return null;
  return (
    <div className="grid gap-5 md:col-span-2 md:grid-cols-2" data-testid="address-fields">
      <p className="text-sm text-slate-600 md:col-span-2 dark:text-slate-300">{t("contact.addressHint")}</p>
      {stops.map(({ field, place, leg }) => {
        const meta = fields[field];
        return (
          <Field
            key={field}
            look="booking"
            ns="booking"
            id={meta.id}
            label={t(addressLabelKey(leg), { place })}
            optional={t("contact.optional")}
            errors={meta.errors}
            control={{ ...getInputProps(meta, { type: "text" }), maxLength: MAX_ADDRESS, autoComplete: "off", placeholder: t("contact.addressPlaceholder") }}
          />
        );
      })}
    </div>
  );
}

/**
 * The addresses a booking carries, as terms of the success box's list: "Hotel or address — Belek"
 * / "Kempinski Hotel The Dome" (with the leg on a round trip).
 */
export function AddressTerms({ ends }: { ends: ReadonlyArray<readonly [place: string | null, address: string | null, leg: AddressLeg]> }) {
  const { t } = useTranslation("booking");
  return ends
    .filter(([, address]) => address)
    .map(([place, address, leg], i) => (
      // a fragment, not a <div>: the list around it holds its <dt> and <dd> directly (valid HTML)
      <Fragment key={i}>
        <dt className="font-semibold">{t(addressLabelKey(leg), { place: place ?? "" })}</dt>
        <dd>{address}</dd>
      </Fragment>
    ));
}
