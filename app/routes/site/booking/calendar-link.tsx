import { useTranslation } from "~/i18n/react";
import { useParams } from "react-router";

/**
 * "Add to calendar" on the private booking page: a plain link to the booking's `.ics` file
 * (/my-booking/:token/calendar.ics), so it works without JavaScript.
 */
export function CalendarLink() {
  const { t } = useTranslation("booking");
  const { token } = useParams();
  if (!token) return null;
  return (
    <p className="mt-8">
      <a href={`/my-booking/${encodeURIComponent(token)}/calendar.ics`} download className="btn-secondary" data-testid="calendar-link">
        {t("calendar.addToCalendar")}
      </a>
      <span className="mt-2 block text-sm text-slate-600 dark:text-slate-300">{t("calendar.addToCalendarHint")}</span>
    </p>
  );
}
