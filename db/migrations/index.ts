/**
 * The one migration set, for SQLite and PostgreSQL alike. Migrations are frozen: never edit one
 * that has shipped; add the next number. One change per migration (SQLite DDL is not transactional).
 * Listed statically so the server bundle carries them.
 */
import type { Migration } from "kysely";
import * as m0001 from "./0001_cars";
import * as m0002 from "./0002_users";
import * as m0003 from "./0003_bookings";
import * as m0004 from "./0004_booking_events";
import * as m0005 from "./0005_sessions";
import * as m0006 from "./0006_password_reset_tokens";
import * as m0007 from "./0007_settings";
import * as m0008 from "./0008_contact_messages";
import * as m0009 from "./0009_newsletter_subscribers";
import * as m0010 from "./0010_mail_outbox";
import * as m0011 from "./0011_rate_limits";
import * as m0012 from "./0012_notifications";
import * as m0013 from "./0013_uploads";
import * as m0014 from "./0014_idempotency_keys";
import * as m0015 from "./0015_bookings_date_id_idx";
import * as m0016 from "./0016_bookings_status_date_idx";
import * as m0017 from "./0017_bookings_search_idx";
import * as m0018 from "./0018_notification_message";
import * as m0019 from "./0019_mail_outbox_lease";
import * as m0020 from "./0020_two_factor_enrolments";
import * as m0021 from "./0021_login_throttle";
import * as m0022 from "./0022_bookings_idempotency_hash";
import * as m0023 from "./0023_health_checks";
import * as m0025 from "./0025_recovery_codes";
import * as m0026 from "./0026_idempotency_request_hash";
import * as m0027 from "./0027_distance_details_numbers";
import * as m0028 from "./0028_road_distances";
import * as m0029 from "./0029_booking_addresses";
import * as m0030 from "./0030_bookings_phone_search";
import * as m0031 from "./0031_car_maintenance_window";
import * as m0032 from "./0032_booking_leg_ends";
import * as m0033 from "./0033_bookings_car_legs_idx";
import * as m0034 from "./0034_booking_event_changes";
import * as m0035 from "./0035_bookings_flight_search";
import * as m0036 from "./0036_pricing_zones";
import * as m0037 from "./0037_route_fares";
import * as m0038 from "./0038_extras";
import * as m0039 from "./0039_car_hourly_rate";
import * as m0040 from "./0040_booking_products";
import * as m0041 from "./0041_users_active";
import * as m0042 from "./0042_user_roles";
import * as m0043 from "./0043_drivers";
import * as m0044 from "./0044_car_plate";
import * as m0045 from "./0045_booking_return_car";
import * as m0046 from "./0046_booking_legs";
import * as m0047 from "./0047_audit_log";
import * as m0048 from "./0048_audit_search";
import * as m0049 from "./0049_audit_action_index";
import * as m0050 from "./0050_booking_guest_change";
import * as m0053 from "./0053_mail_outbox_attachments";
import * as m0055 from "./0055_message_outbox";
import * as m0056 from "./0056_booking_link_nonce";
import * as m0057 from "./0057_booking_link_token_hash";
import * as m0058 from "./0058_booking_link_token_index";
import * as m0059 from "./0059_booking_messaging_consent";
import * as m0060 from "./0060_booking_counts";
import * as m0061 from "./0061_bookings_fulltext";
import * as m0062 from "./0062_bookings_spanning_idx";
import * as m0070 from "./0070_booking_mails_pending";
import * as m0080 from "./0080_released_job_links";
import * as m0090 from "./0090_booking_outbox";
import * as m0100 from "./0100_booking_channel";
import * as m0110 from "./0110_customers";
import * as m0120 from "./0120_quote_requests";
import * as m0130 from "./0130_payments";
import * as m0140 from "./0140_cash_closings";
import * as m0150 from "./0150_receipts";
import * as m0160 from "./0160_checkouts";
import * as m0170 from "./0170_leg_steps";
import * as m0171 from "./0171_released_job_reason";
import * as m0172 from "./0172_driver_position_consent";
import * as m0175 from "./0175_driver_seen";
import * as m0180 from "./0180_flight_watches";
import * as m0190 from "./0190_driver_photo";
import * as m0210 from "./0210_booking_auto_confirmed";
import * as m0211 from "./0211_booking_cars";
import * as m0212 from "./0212_child_seats_by_age";
import * as m0213 from "./0213_booking_luggage_items";
import * as m0214 from "./0214_booking_legs_unit";
import * as m0215 from "./0215_leg_steps_unit";
import * as m0216 from "./0216_released_job_links_unit";
import * as m0217 from "./0217_quote_request_luggage_items";
import * as m0220 from "./0220_partners";
import * as m0221 from "./0221_partner_api_keys";
import * as m0222 from "./0222_partner_webhooks";
import * as m0223 from "./0223_partner_statements";
import * as m0224 from "./0224_partner_users";
import * as m0225 from "./0225_booking_partner_pays";
import * as m0226 from "./0226_partner_net_rates";
import * as m0227 from "./0227_route_fare_pair";
import * as m0229 from "./0229_driver_payout_rule";
import * as m0228 from "./0228_fleet_documents";
import * as m0230 from "./0230_driver_shifts";
import * as m0231 from "./0231_customers_list_idx";
import * as m0232 from "./0232_customers_search_idx";

export const migrations: Record<string, Migration> = {
  "0001_cars": m0001,
  "0002_users": m0002,
  "0003_bookings": m0003,
  "0004_booking_events": m0004,
  "0005_sessions": m0005,
  "0006_password_reset_tokens": m0006,
  "0007_settings": m0007,
  "0008_contact_messages": m0008,
  "0009_newsletter_subscribers": m0009,
  "0010_mail_outbox": m0010,
  "0011_rate_limits": m0011,
  "0012_notifications": m0012,
  "0013_uploads": m0013,
  "0014_idempotency_keys": m0014,
  "0015_bookings_date_id_idx": m0015,
  "0016_bookings_status_date_idx": m0016,
  "0017_bookings_search_idx": m0017,
  "0018_notification_message": m0018,
  "0019_mail_outbox_lease": m0019,
  "0020_two_factor_enrolments": m0020,
  "0021_login_throttle": m0021,
  "0022_bookings_idempotency_hash": m0022,
  "0023_health_checks": m0023,
  "0025_recovery_codes": m0025,
  "0026_idempotency_request_hash": m0026,
  "0027_distance_details_numbers": m0027,
  "0028_road_distances": m0028,
  "0029_booking_addresses": m0029,
  "0030_bookings_phone_search": m0030,
  "0031_car_maintenance_window": m0031,
  "0032_booking_leg_ends": m0032,
  "0033_bookings_car_legs_idx": m0033,
  "0034_booking_event_changes": m0034,
  "0035_bookings_flight_search": m0035,
  "0036_pricing_zones": m0036,
  "0037_route_fares": m0037,
  "0038_extras": m0038,
  "0039_car_hourly_rate": m0039,
  "0040_booking_products": m0040,
  "0041_users_active": m0041,
  "0042_user_roles": m0042,
  "0043_drivers": m0043,
  "0044_car_plate": m0044,
  "0045_booking_return_car": m0045,
  "0046_booking_legs": m0046,
  "0047_audit_log": m0047,
  "0048_audit_search": m0048,
  "0049_audit_action_index": m0049,
  "0050_booking_guest_change": m0050,
  "0053_mail_outbox_attachments": m0053,
  "0055_message_outbox": m0055,
  "0056_booking_link_nonce": m0056,
  "0057_booking_link_token_hash": m0057,
  "0058_booking_link_token_index": m0058,
  "0059_booking_messaging_consent": m0059,
  "0060_booking_counts": m0060,
  "0061_bookings_fulltext": m0061,
  "0062_bookings_spanning_idx": m0062,
  "0070_booking_mails_pending": m0070,
  "0080_released_job_links": m0080,
  "0090_booking_outbox": m0090,
  "0100_booking_channel": m0100,
  "0110_customers": m0110,
  "0120_quote_requests": m0120,
  "0130_payments": m0130,
  "0140_cash_closings": m0140,
  "0150_receipts": m0150,
  "0160_checkouts": m0160,
  "0170_leg_steps": m0170,
  "0171_released_job_reason": m0171,
  "0172_driver_position_consent": m0172,
  "0175_driver_seen": m0175,
  "0180_flight_watches": m0180,
  "0190_driver_photo": m0190,
  "0210_booking_auto_confirmed": m0210,
  "0211_booking_cars": m0211,
  "0212_child_seats_by_age": m0212,
  "0213_booking_luggage_items": m0213,
  "0214_booking_legs_unit": m0214,
  "0215_leg_steps_unit": m0215,
  "0216_released_job_links_unit": m0216,
  "0217_quote_request_luggage_items": m0217,
  "0220_partners": m0220,
  "0221_partner_api_keys": m0221,
  "0222_partner_webhooks": m0222,
  "0223_partner_statements": m0223,
  "0224_partner_users": m0224,
  "0225_booking_partner_pays": m0225,
  "0226_partner_net_rates": m0226,
  "0227_route_fare_pair": m0227,
  "0229_driver_payout_rule": m0229,
  "0228_fleet_documents": m0228,
  "0230_driver_shifts": m0230,
  "0231_customers_list_idx": m0231,
  "0232_customers_search_idx": m0232,
};
