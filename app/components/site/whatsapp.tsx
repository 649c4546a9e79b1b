/**
 * The site's WhatsApp links and the message they prefill: the page the guest writes from, or, on
 * the private booking page, the booking's reference (never the page's address: it holds the
 * private token).
 */
import { useTranslation } from "~/i18n/react";
import { useLocation, useMatches } from "react-router";
import { WhatsAppIcon } from "~/components/site/icons";
import { whatsappHref } from "~/components/site/links";
import { useRootData } from "~/root";

const PRIVATE_PAGE = "routes/site/my-booking";

export function useWhatsAppText(): string {
  const { t } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  const publicUrl = useRootData()?.publicUrl ?? "";
  const privatePage = matches.find((m) => m.id === PRIVATE_PAGE);
  if (privatePage) {
    const reference = (privatePage.data as { reference?: string } | undefined)?.reference;
    return reference ? t("whatsapp.messageBooking", { reference }) : t("whatsapp.messageMyBooking");
  }
  return t("whatsapp.messagePage", { url: `${publicUrl.replace(/\/$/, "")}${location.pathname}${location.search}` });
}

/** The round WhatsApp button: in the header below 1420 px, floating in the page's margin above (site layout). */
export function WhatsAppButton({ number, className = "" }: { number: string; className?: string }) {
  const { t } = useTranslation();
  const text = useWhatsAppText();
  return (
    <a
      href={whatsappHref(number, text)}
      target="_blank"
      rel="noopener noreferrer"
      className={`grid place-items-center rounded-full bg-[#25d366] text-[#0b2e17] transition hover:scale-105 ${className}`}
      aria-label={t("whatsapp.label")}
    >
      <WhatsAppIcon className="h-[55%] w-[55%]" />
    </a>
  );
}
