/**
 * The typed shape of the database, shared by SQLite and PostgreSQL.
 *
 * Storage conventions (one path for both engines):
 * - ids are application-generated text (UUIDs);
 * - instants are ISO-8601 UTC strings (`2026-05-01T09:30:00.000Z`), which sort as text;
 * - money is integer kuruş; distances are kilometres (double); durations are seconds;
 * - booleans are integers 0/1 and lists/objects are JSON text, converted in the repositories
 *   through `app/server/db/convert.ts`.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Km, Seconds } from "~/booking/rules/units";
import type { Kurus } from "~/utils/money";
import type { CustomersTable, QuoteRequestsTable } from "./customers-schema";
import type { FleetDocumentsTable } from "./documents-schema";
import type { FlightWatchesTable } from "./flights-schema";
import type { PartnerApiKeysTable, PartnerNetRatesTable, PartnersTable, PartnerStatementsTable, PartnerWebhookDeliveriesTable, PartnerWebhooksTable } from "./partners-schema";
import type { BookingCarsTable, BookingLegsTable, DriversTable, LegStepsTable, ReleasedJobLinksTable } from "./ride-schema";
import type { DriverHoursTable, DriverLeavesTable } from "./shifts-schema";
import type { CashClosingsTable, CheckoutsTable, PaymentsTable, PaymentStatus, PayMode, ReceiptsTable } from "./payments-schema";

export * from "./customers-schema";
export * from "./payments-schema";
export * from "./flights-schema";
export * from "./partners-schema";
export * from "./documents-schema";
export * from "./ride-schema";
export * from "./shifts-schema";

type Bool = number; // 0 | 1
type Json = string;
type Instant = string;
type DefaultedText = ColumnType<string, string | undefined, string>;
type DefaultedInt = ColumnType<number, number | undefined, number>;

export const CAR_STATUSES = ["active", "maintenance", "inactive"] as const;
export type CarStatus = (typeof CAR_STATUSES)[number];

export const BOOKING_STATUSES = ["pending", "confirmed", "completed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Where a booking came from (migration 0100, issue 29): the site, the API, the office's own channels, a partner. */
export const BOOKING_CHANNELS = ["site", "api", "phone", "whatsapp", "email", "desk", "partner"] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];

export const TRIP_TYPES = ["oneWay", "roundTrip"] as const;
export type TripType = (typeof TRIP_TYPES)[number];

/** Staff roles (issue 15) and partners' users (issue 33, migration 0224); what each may do is decided by app/auth/policy.ts. */
export const USER_ROLES = ["admin", "dispatcher", "driver", "partner"] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** The office's own accounts, managed at /admin/users; partner users are managed on their partner's page. */
export const STAFF_ROLES = ["admin", "dispatcher", "driver"] as const satisfies readonly UserRole[];

export interface CarsTable {
  id: string;
  name: string;
  make: DefaultedText;
  model: DefaultedText;
  category: DefaultedText;
  year: number | null;
  fuel_type: string | null;
  seats: DefaultedInt;
  luggage: DefaultedInt;
  /** kuruş per kilometre */
  price_per_km: Kurus | null;
  /** kuruş per day */
  price_per_day: Kurus | null;
  status: ColumnType<CarStatus, CarStatus | undefined, CarStatus>;
  description: DefaultedText;
  /** JSON list of feature keys or free text */
  features: ColumnType<Json, Json | undefined, Json>;
  /** JSON list of `StoredImage` */
  images: ColumnType<Json, Json | undefined, Json>;
  sort_order: DefaultedInt;
  maintenance_due_at: Instant | null;
  /** the maintenance window (migration 0031), either end open; see app/booking/availability.ts */
  maintenance_from: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  maintenance_to: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** kuruş per hour of hourly hire; null: not hired by the hour (migration 0039) */
  price_per_hour: ColumnType<Kurus | null, Kurus | null | undefined, Kurus | null>;
  /** the plate, as typed (migration 0044); null when not entered */
  plate_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** the colour as the customer sees it ("black", "siyah"), as typed (migration 0044) */
  colour: ColumnType<string | null, string | null | undefined, string | null>;
  /** folded name, make, model and category for case-insensitive search */
  search_text: DefaultedText;
  created_at: Instant;
  updated_at: Instant;
}

export interface BookingsTable {
  id: string;
  reference: string;
  /** SHA-256 of the private link token mailed to the customer */
  access_token_hash: string;
  trip_type: TripType;
  pickup_location: string;
  dropoff_location: string;
  pickup_lat: number | null;
  pickup_lng: number | null;
  dropoff_lat: number | null;
  dropoff_lng: number | null;
  pickup_date: Instant;
  return_pickup_location: string | null;
  return_dropoff_location: string | null;
  return_pickup_lat: number | null;
  return_pickup_lng: number | null;
  return_dropoff_lat: number | null;
  return_dropoff_lng: number | null;
  return_date: Instant | null;
  /** when each leg ends: pickup + route duration, no buffer (migration 0032); null return_end on one-way trips */
  pickup_end: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  return_end: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  passengers: number;
  luggage: number | null;
  /** JSON of `LuggageItems` (app/booking/rules/capacity.ts): the special luggage by kind (migration 0213, issue 32); null: none */
  luggage_items: ColumnType<Json | null, Json | null | undefined, Json | null>;
  car_id: string | null;
  /** the car's name when booked, kept if the car is renamed */
  car_name: DefaultedText;
  full_name: string;
  email: string;
  phone: string;
  notes: DefaultedText;
  flight_number: string | null;
  /** the hotel or street address the guest gave at each leg end (migration 0029); null when none */
  pickup_address: ColumnType<string | null, string | null | undefined, string | null>;
  dropoff_address: ColumnType<string | null, string | null | undefined, string | null>;
  return_pickup_address: ColumnType<string | null, string | null | undefined, string | null>;
  return_dropoff_address: ColumnType<string | null, string | null | undefined, string | null>;
  /** kilometres, both legs */
  total_distance: Km;
  /** seconds, both legs */
  total_duration: ColumnType<Seconds, Seconds | undefined, Seconds>;
  total_price: Kurus;
  /** kuruş per km applied */
  rate_per_km: Kurus;
  minimum_applied: ColumnType<Bool, Bool | undefined, Bool>;
  /** JSON of `DistanceDetails` (app/booking/booking-row.ts): { outbound: { km, minutes }, return: { km, minutes } | null } (migration 0027) */
  distance_details: Json;
  route_source: DefaultedText;
  status: ColumnType<BookingStatus, BookingStatus | undefined, BookingStatus>;
  locale: DefaultedText;
  idempotency_key: string | null;
  /** SHA-256 of the request body's canonical JSON under that key (migration 0022) */
  idempotency_hash: ColumnType<string | null, string | null | undefined, string | null>;
  consent_at: Instant | null;
  client_ip: string | null;
  search_text: DefaultedText;
  /** hours of hourly hire; null for a transfer (migration 0040) */
  hours: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON of `BookedExtra[]` (app/pricing/extras.ts) */
  extras: ColumnType<Json, Json | undefined, Json>;
  /** JSON of `PriceLine[]` (app/booking/pricing.ts) */
  price_lines: ColumnType<Json, Json | undefined, Json>;
  /** the currency the guest saw (app/pricing/currency.ts); `total_price` is the lira charged */
  currency: DefaultedText;
  /** lira × 10,000 per unit of `currency` when booked; null for TRY */
  currency_rate: ColumnType<number | null, number | null | undefined, number | null>;
  /** the total in `currency`'s minor units when booked */
  currency_total: ColumnType<number | null, number | null | undefined, number | null>;
  /** the return leg's own car (migration 0045); null: `car_id` drives both legs */
  return_car_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** what the guest last did from the private link, until the office has seen it (migration 0050, issue 16) */
  guest_change: ColumnType<GuestChange | null, GuestChange | null | undefined, GuestChange | null>;
  /** when the guest did it (UTC instant); null with `guest_change` */
  guest_changed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** the private link's token is HMAC(secret, "booking-link:{id}:{nonce}") (0056; null before) */
  link_nonce: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 of a link minted later, when the first could not be derived again (0057) */
  link_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** when the guest agreed to booking updates by WhatsApp or SMS (0059) */
  messaging_consent_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** where the booking came from (0100); "site" for bookings made before it */
  channel: ColumnType<BookingChannel, BookingChannel | undefined, BookingChannel>;
  /** the guest the booking was matched to by phone or e-mail (0110); null until linked, or after the guest was erased */
  customer_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** the partner that sold the booking (0220, issue 33); null for the site's and the office's own */
  partner_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** what the partner earns on it, kuruş, at its rate when booked (0221); 0 without a partner */
  partner_commission: ColumnType<Kurus, Kurus | undefined, Kurus>;
  /** 1: the partner pays it on its monthly statement; 0: the guest pays in the car (0225) */
  partner_pays: ColumnType<Bool, Bool | undefined, Bool>;
  /** the ledger's net sum, kuruş (0130, issue 30): written with each ledger row */
  amount_paid: ColumnType<Kurus, Kurus | undefined, Kurus>;
  /** unpaid, part_paid, paid or refunded (0130): written with each ledger row, total or status change */
  payment_status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  /** what the guest was asked: arrival, deposit or full (0130); "arrival" before it */
  pay_mode: ColumnType<PayMode, PayMode | undefined, PayMode>;
  /** the part asked online, kuruş (0130); 0 for pay on arrival */
  pay_now: ColumnType<Kurus, Kurus | undefined, Kurus>;
  /** a booking waiting for its online payment keeps its car until then (0160); null when nothing is held */
  hold_until: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** the confirmation mails are still to be written (a busy server left them for after the answer; issue 17) */
  mails_pending_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** when the system confirmed it as it was made (0210, issue 32: settings booking.autoConfirm); null otherwise */
  auto_confirmed_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  created_at: Instant;
  updated_at: Instant;
}

/** A guest's own change of their booking, flagged for the office (issue 16). */
export const GUEST_CHANGES = ["changed", "cancelled"] as const;
export type GuestChange = (typeof GUEST_CHANGES)[number];

export interface BookingEventsTable {
  id: string;
  booking_id: string;
  from_status: BookingStatus | null;
  to_status: BookingStatus;
  by_user_id: string | null;
  /** who, in words: an admin's name, "customer", "system" */
  by_label: string;
  note: DefaultedText;
  created_at: Instant;
  /** JSON of what an edit changed (app/booking/booking-changes.ts), null for a status change */
  changes: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface UsersTable {
  id: string;
  email: string;
  email_normalized: string;
  name: DefaultedText;
  phone: DefaultedText;
  password_hash: string;
  role: ColumnType<UserRole, UserRole | undefined, UserRole>;
  totp_secret: string | null;
  totp_enabled: ColumnType<Bool, Bool | undefined, Bool>;
  created_at: Instant;
  updated_at: Instant;
  last_login_at: Instant | null;
  /** 0: switched off, cannot sign in (migration 0041) */
  active: ColumnType<Bool, Bool | undefined, Bool>;
  deactivated_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** a partner user's partner (0224); null for the office's staff and drivers */
  partner_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  /** SHA-256 of the token held by the cookie or bearer header */
  id: string;
  user_id: string;
  expires_at: Instant;
  remember: ColumnType<Bool, Bool | undefined, Bool>;
  /** 0 while a two-factor code is still owed */
  verified: ColumnType<Bool, Bool | undefined, Bool>;
  ip: string | null;
  user_agent: string | null;
  created_at: Instant;
  last_seen_at: Instant;
}

export interface PasswordResetTokensTable {
  /** SHA-256 of the token mailed */
  id: string;
  user_id: string;
  expires_at: Instant;
  used_at: Instant | null;
  created_at: Instant;
}

export interface SettingsTable {
  key: string;
  value: Json;
  updated_at: Instant;
  updated_by: string | null;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  start_date: string | null;
  end_date: string | null;
  preferred_vehicle: string | null;
  locale: DefaultedText;
  ip: string | null;
  read_at: Instant | null;
  search_text: DefaultedText;
  created_at: Instant;
}

export interface NewsletterSubscribersTable {
  id: string;
  email: string;
  email_normalized: string;
  locale: DefaultedText;
  created_at: Instant;
}

export type MailStatus = "pending" | "sent" | "failed";

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  kind: string;
  locale: DefaultedText;
  related_id: string | null;
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  attempts: DefaultedInt;
  last_error: string | null;
  next_attempt_at: Instant;
  created_at: Instant;
  sent_at: Instant | null;
  /** the claiming worker's lease (0019); null when no worker holds the row */
  locked_until: Instant | null;
  /** JSON of `MailAttachment[]` (app/server/mail.server.ts, migration 0053); null without attachments */
  attachments: ColumnType<string | null, string | null | undefined, string | null>;
}

export type MessageChannel = "whatsapp" | "sms";
export type MessageStatus = "pending" | "sent" | "delivered" | "read" | "failed";

/** A booking's event (0090), written with the booking in one transaction and turned into messages by the notify worker (app/notify). */
export interface BookingOutboxTable {
  id: string;
  booking_id: string;
  /** created, changed, status_changed, assigned, leg_step (app/notify/events.server.ts) */
  kind: string;
  /** JSON: what the event says beyond the booking's current row */
  payload: string;
  status: ColumnType<"pending" | "done" | "failed", "pending" | "done" | "failed" | undefined, "pending" | "done" | "failed">;
  created_at: Instant;
  /** due from (a failure moves it on) */
  next_attempt_at: Instant;
  /** when a worker claimed it, and which; a claim older than the lease is taken again */
  claimed_at: Instant | null;
  claimed_by: string | null;
  done_at: Instant | null;
  attempts: DefaultedInt;
  last_error: string | null;
}

/** A guest message by WhatsApp or SMS (0055), delivered by the messaging worker. */
export interface MessageOutboxTable {
  id: string;
  /** {kind}:{bookingId}:{channel}:{event}: an event queues once */
  dedupe_key: string;
  channel: MessageChannel;
  kind: string;
  booking_id: string | null;
  /** E.164 without spaces, e.g. +905321234567 */
  to_number: string;
  locale: string;
  template_name: string;
  /** JSON array of the template's ordered body parameters */
  params: string;
  /** the rendered text (what SMS sends) */
  text_body: string;
  status: ColumnType<MessageStatus, MessageStatus | undefined, MessageStatus>;
  provider_message_id: string | null;
  attempts: DefaultedInt;
  next_attempt_at: Instant;
  locked_until: Instant | null;
  last_error: string | null;
  created_at: Instant;
  sent_at: Instant | null;
  delivered_at: Instant | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  window_start: Instant;
}

export interface TwoFactorEnrolmentsTable {
  /** SHA-256 of the token mailed (or printed by admin:create) */
  id: string;
  user_id: string;
  expires_at: Instant;
  used_at: Instant | null;
  created_at: Instant;
}

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  /** SHA-256 of the code shown once */
  code_hash: string;
  used_at: Instant | null;
  created_at: Instant;
}

export interface LoginThrottleTable {
  /** "pair:<account>|<address>", "ip:<address>" or "acct:<account>" */
  key: string;
  scope: "pair" | "ip" | "acct";
  /** normalised e-mail tried (pair and acct) */
  account: string | null;
  /** client address (pair and ip) */
  address: string | null;
  failures: number;
  last_failure_at: Instant;
  locked_until: Instant | null;
}

export interface NotificationsTable {
  id: string;
  kind: string;
  title: string;
  body: DefaultedText;
  link: string | null;
  related_id: string | null;
  created_at: Instant;
  read_at: Instant | null;
  /** JSON {title, body?, values?}: admin catalogue keys, for notices the app writes itself; null for free text */
  message: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface UploadsTable {
  id: string;
  bucket: string;
  storage_key: string;
  url: string;
  card_url: string | null;
  width: number | null;
  height: number | null;
  bytes: number;
  car_id: string | null;
  created_at: Instant;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  status_code: number;
  response: Json;
  created_at: Instant;
  /** SHA-256 of the request body's canonical JSON (migration 0026); null on older rows */
  request_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface HealthChecksTable {
  id: string;
  checked_at: Instant;
}

/** The office's corrections of the shipped road distances (app/places/road-distances.ts); place_a < place_b. */
export interface RoadDistancesTable {
  place_a: string;
  place_b: string;
  km: number;
  minutes: number;
  /** the admin who saved it (users.id) */
  updated_by: string | null;
  updated_at: Instant;
}

export interface PricingZonesTable {
  id: string;
  name: string;
  lat: number;
  lng: number;
  radius_km: number;
  created_at: Instant;
  updated_at: Instant;
}

export interface RouteFaresTable {
  id: string;
  from_kind: "place" | "zone";
  from_place_id: string | null;
  from_label: string | null;
  from_lat: number | null;
  from_lng: number | null;
  from_zone_id: string | null;
  to_kind: "place" | "zone";
  to_place_id: string | null;
  to_label: string | null;
  to_lat: number | null;
  to_lng: number | null;
  to_zone_id: string | null;
  one_way: ColumnType<Bool, Bool | undefined, Bool>;
  /** JSON { category: kuruş } */
  prices: ColumnType<Json, Json | undefined, Json>;
  active: ColumnType<Bool, Bool | undefined, Bool>;
  /** the route pair of an active fare (farePairKey), unique: one active fare per pair; null when inactive (migration 0227) */
  pair_key: ColumnType<string | null, string | null | undefined, string | null>;
  sort_order: DefaultedInt;
  created_at: Instant;
  updated_at: Instant;
}

export interface ExtrasTable {
  id: string;
  code: string;
  /** JSON { tr, en, de, ru } */
  names: Json;
  price: Kurus;
  pricing: "booking" | "unit";
  max_quantity: number;
  needs_text: ColumnType<Bool, Bool | undefined, Bool>;
  active: ColumnType<Bool, Bool | undefined, Bool>;
  sort_order: DefaultedInt;
  created_at: Instant;
  updated_at: Instant;
}

export interface AuditLogTable {
  id: string;
  at: Instant;
  user_id: string | null;
  /** the name or e-mail at the time, kept if the account goes; "—" for an unknown address */
  user_label: string;
  /** e.g. "booking.update", "auth.login.failed" (app/audit/audit.ts) */
  action: string;
  entity: string;
  entity_id: string | null;
  summary: DefaultedText;
  /** JSON */
  details: ColumnType<Json, Json | undefined, Json>;
  ip: string | null;
  /** who and the summary, folded for the free-text filter (0048) */
  search_text: DefaultedText;
}

/**
 * How many bookings each car has in each status, kept by triggers on `bookings` (migration 0060)
 * for the dashboard; `car_id` is '' for bookings without a car. Read only.
 */
export interface BookingCountsTable {
  car_id: string;
  status: BookingStatus;
  n: ColumnType<number, never, never>;
}

export interface Database {
  customers: CustomersTable;
  partners: PartnersTable;
  partner_api_keys: PartnerApiKeysTable;
  partner_net_rates: PartnerNetRatesTable;
  partner_statements: PartnerStatementsTable;
  partner_webhooks: PartnerWebhooksTable;
  partner_webhook_deliveries: PartnerWebhookDeliveriesTable;
  quote_requests: QuoteRequestsTable;
  payments: PaymentsTable;
  cash_closings: CashClosingsTable;
  receipts: ReceiptsTable;
  checkouts: CheckoutsTable;
  flight_watches: FlightWatchesTable;
  cars: CarsTable;
  booking_counts: BookingCountsTable;
  bookings: BookingsTable;
  booking_events: BookingEventsTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  settings: SettingsTable;
  contact_messages: ContactMessagesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  mail_outbox: MailOutboxTable;
  message_outbox: MessageOutboxTable;
  booking_outbox: BookingOutboxTable;
  rate_limits: RateLimitsTable;
  login_throttle: LoginThrottleTable;
  two_factor_enrolments: TwoFactorEnrolmentsTable;
  recovery_codes: RecoveryCodesTable;
  notifications: NotificationsTable;
  uploads: UploadsTable;
  idempotency_keys: IdempotencyKeysTable;
  health_checks: HealthChecksTable;
  road_distances: RoadDistancesTable;
  pricing_zones: PricingZonesTable;
  route_fares: RouteFaresTable;
  extras: ExtrasTable;
  drivers: DriversTable;
  driver_hours: DriverHoursTable;
  driver_leaves: DriverLeavesTable;
  booking_legs: BookingLegsTable;
  booking_cars: BookingCarsTable;
  released_job_links: ReleasedJobLinksTable;
  leg_steps: LegStepsTable;
  audit_log: AuditLogTable;
  fleet_documents: FleetDocumentsTable;
}

export type CarRow = Selectable<CarsTable>;
export type NewCarRow = Insertable<CarsTable>;
export type CarRowUpdate = Updateable<CarsTable>;
export type BookingRow = Selectable<BookingsTable>;
export type NewBookingRow = Insertable<BookingsTable>;
export type UserRow = Selectable<UsersTable>;
export type DriverRow = Selectable<DriversTable>;
export type BookingLegRow = Selectable<BookingLegsTable>;
export type AuditRow = Selectable<AuditLogTable>;

// Kept to make Generated available to later tables without another import churn.
export type { Generated };
