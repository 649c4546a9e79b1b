/**
 * The guest messages' templates (issues 16, 31 and 32, DESIGN.md §6b): eight kinds, each a WhatsApp template
 * registered with Meta under a fixed name with its body parameters in a fixed order ({{1}}, {{2}}…
 * in every language: README "Guest messages"), and the same message as text for SMS, written in
 * the booking's language from `locales/*\/messaging.json`.
 */
import { isLanguage, type Language } from "~/i18n/config";
import en from "../../locales/en/messaging.json";
import tr from "../../locales/tr/messaging.json";
import de from "../../locales/de/messaging.json";
import ru from "../../locales/ru/messaging.json";

export const GUEST_MESSAGE_KINDS = ["confirmation", "change", "cancellation", "reminder", "driverAssigned", "driverOnWay", "driverArrived", "confirmed"] as const;
export type GuestMessageKind = (typeof GUEST_MESSAGE_KINDS)[number];

export const isGuestMessageKind = (value: string): value is GuestMessageKind => (GUEST_MESSAGE_KINDS as readonly string[]).includes(value);

/** The Ayarlar switch of each kind (settings.notifications; it applies to both channels). */
export const KIND_SETTINGS = {
  confirmation: "confirmationMessage",
  change: "changeMessage",
  cancellation: "cancellationMessage",
  reminder: "reminderMessage",
  driverAssigned: "driverAssignedMessage",
  driverOnWay: "driverOnWayMessage",
  driverArrived: "driverArrivedMessage",
  // issue 32: the booking confirmed as it was made; the same switch as "received"
  confirmed: "confirmationMessage",
} as const satisfies Record<GuestMessageKind, string>;

/** The WhatsApp template names the office registers with Meta. */
export const TEMPLATE_NAMES: Record<GuestMessageKind, string> = {
  confirmation: "booking_confirmation",
  change: "booking_change",
  cancellation: "booking_cancellation",
  reminder: "booking_reminder",
  driverAssigned: "driver_assigned",
  driverOnWay: "driver_on_way",
  driverArrived: "driver_arrived",
  confirmed: "booking_confirmed",
};

export interface TemplateValues {
  name: string;
  reference: string;
  /** the pickup in Istanbul time, written for the booking's language */
  pickupTime: string;
  /** "Antalya Airport (AYT) → Belek" */
  route: string;
  /** the private booking link */
  link: string;
  driverName?: string;
  driverPhone?: string;
  car?: string;
}

/** Each template's body parameters, in order ({{1}}, {{2}}, …). */
export const TEMPLATE_PARAMS: Record<GuestMessageKind, ReadonlyArray<keyof TemplateValues>> = {
  confirmation: ["name", "reference", "pickupTime", "route", "link"],
  change: ["reference", "pickupTime", "route", "link"],
  cancellation: ["reference", "pickupTime", "route", "link"],
  reminder: ["reference", "pickupTime", "route", "link"],
  driverAssigned: ["reference", "driverName", "driverPhone", "car", "pickupTime", "link"],
  driverOnWay: ["reference", "driverName", "driverPhone", "car", "link"],
  driverArrived: ["reference", "driverName", "driverPhone", "car", "link"],
  confirmed: ["name", "reference", "pickupTime", "route", "link"],
};

type Catalogue = typeof en;
const CATALOGUES: Record<Language, Catalogue> = { en, tr, de, ru };

export interface RenderedMessage {
  templateName: string;
  /** the template's language code: en, tr, de, ru */
  languageCode: Language;
  params: string[];
  text: string;
}

/** A message of `kind` in `locale` (English for a language the site does not speak). */
export function renderGuestMessage(kind: GuestMessageKind, locale: string, values: TemplateValues): RenderedMessage {
  const lng: Language = isLanguage(locale) ? locale : "en";
  const catalogue = CATALOGUES[lng];
  // A template parameter is never empty (the Cloud API refuses an empty one).
  const value = (key: keyof TemplateValues) => values[key]?.trim() || (key === "car" ? catalogue.noCar : "—");
  const text = catalogue.templates[kind].replace(/\{\{(\w+)\}\}/g, (_, key: string) => value(key as keyof TemplateValues));
  return { templateName: TEMPLATE_NAMES[kind], languageCode: lng, params: TEMPLATE_PARAMS[kind].map(value), text };
}
