/**
 * The results page's contact form: its confirm button, and the notice of a refused confirmation at
 * the top of the page (kept apart from the route module, app/routes/site/booking-results.tsx).
 */
import { Trans } from "react-i18next";
import { useTranslation } from "~/i18n/react";
import { useHydrated } from "~/components/site/use-hydrated";

/** Disabled while a required field is empty or while sending; without JavaScript always enabled (the server checks). */
export function ConfirmButton({ ready, submitting }: { ready: boolean; submitting: boolean }) {
  const { t } = useTranslation("booking");
  const hydrated = useHydrated();
  return (
    <button type="submit" className="btn-primary w-full sm:w-auto" disabled={hydrated && (!ready || submitting)} aria-busy={submitting || undefined}>
      {submitting ? t("contact.processing") : t("contact.confirm")}
    </button>
  );
}

/** The order of the contact form's fields, and where each one is on the page. */
const CONTACT_FIELDS = ["carId", "fullName", "email", "phone", "flightNumber", "notes", "consent"] as const;
const fieldAnchor = (field: string) => (field === "carId" ? "cars-title" : `booking-contact-${field}`);

/**
 * A refused confirmation, at the top of the page where it is seen without JavaScript: a problem
 * of the whole booking in the red box; problems of fields only one line leading to the first of
 * them (each is said under its own field).
 */
export function FailedNotice({ errors }: { errors: Record<string, string[] | null> | undefined }) {
  const { t } = useTranslation("booking");
  const formErrors = errors?.[""] ?? [];
  if (formErrors.length > 0) {
    return (
      <div role="alert" className="mb-8 rounded-2xl border border-red-300 bg-red-50 px-5 py-4 text-red-900">
        <p className="font-semibold">{t("booking.bookingError")}</p>
        {formErrors.filter((m) => m !== "booking.bookingError").map((m) => <p key={m} className="mt-1 text-sm">{t(m)}</p>)}
      </div>
    );
  }
  const first = CONTACT_FIELDS.find((f) => errors?.[f]?.length) ?? Object.keys(errors ?? {}).find((f) => errors?.[f]?.length);
  if (!first) return null;
  return (
    <p role="alert" className="mb-8 rounded-2xl border border-red-300 bg-red-50 px-5 py-3 text-sm text-red-900">
      <Trans t={t} i18nKey="bookingResults.fixContact" components={{ marked: <a href={`#${fieldAnchor(first)}`} className="font-semibold underline" /> }} />
    </p>
  );
}
