/**
 * The office's flag on a booking the guest changed or cancelled from the private link (issue 16):
 * "Müşteri değiştirdi" / "Müşteri iptal etti", in the bookings list and on the booking's page.
 */
import { useTranslation } from "~/i18n/react";
import type { GuestChange } from "~/server/db/schema";

export function GuestChangeBadge({ change, className = "" }: { change: GuestChange | null; className?: string }) {
  const { t } = useTranslation("admin");
  if (!change) return null;
  const tone = change === "cancelled" ? "bg-red-100 text-red-900 admin-dark:bg-red-950 admin-dark:text-red-100" : "bg-amber-100 text-amber-950 admin-dark:bg-amber-950 admin-dark:text-amber-100";
  return (
    <span data-testid="guest-change-badge" className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tone} ${className}`}>
      {t(`guestChanges.badge.${change}`)}
    </span>
  );
}
