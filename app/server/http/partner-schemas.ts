/**
 * The API's partner shapes (issue 33), for the OpenAPI document: a partner as /api/partners answers
 * it (app/partners/partners-api.server.ts `partnerJson`) and as a client writes it.
 */
import { z } from "zod";
import { LANGUAGES } from "~/i18n/config";
import { MAX_COMMISSION_PERCENT, MAX_PARTNER_CONTACT, MAX_PARTNER_NAME, MAX_PARTNER_NOTES, PARTNER_CREDIT_TERMS, PARTNER_KINDS, PARTNER_RATE_RULES } from "~/partners/partners";
import type { netRatesJson } from "~/partners/net-rates-api.server";
import type { apiKeyJson, partnerJson } from "~/partners/partners-api.server";
import { describes, instant } from "./api-schemas";

const kind = z.enum(PARTNER_KINDS).meta({ description: "hotel (a hotel's guest-relations desk), agency, tour_operator or reseller" });
const creditTerms = z
  .enum(PARTNER_CREDIT_TERMS)
  .meta({ description: "guest_pays: the guest pays the driver; monthly_invoice: the partner is invoiced for the month's bookings" });
const rateRule = z
  .enum(PARTNER_RATE_RULES)
  .meta({ description: "commission: the partner earns commission_percent of the public price; net: it earns the public price less its own net price (GET/PUT /api/partners/{id}/net-rates), never below 0" });
const language = z.enum(LANGUAGES).meta({ description: "The language of the partner's booking copies and statements" });

export const PartnerSchema = describes<ReturnType<typeof partnerJson>>()(
  z.object({
    id: z.string(),
    code: z.string().meta({ description: "Upper case, unique: the deep link's ?partner=CODE" }),
    name: z.string(),
    kind,
    contact_name: z.string(),
    email: z.string(),
    phone: z.string().meta({ description: "A Turkish number as +90 242 123 45 67; another country's as typed; empty when none" }),
    language,
    commission_percent: z.number().meta({ description: "The partner's share of the public price, in percent (12.5), on the commission rule" }),
    rate_rule: rateRule,
    credit_terms: creditTerms,
    active: z.boolean().meta({ description: "false: the partner cannot book; its bookings stay" }),
    notes: z.string(),
    created_at: instant,
    updated_at: instant,
  }),
);

export const PartnerWrite = z.object({
  name: z.string().max(MAX_PARTNER_NAME).meta({ description: "Required, spaces collapsed" }),
  code: z.string().max(20).meta({ description: "Required: 3–20 of A–Z, 0–9 and '-', any case (kept upper case), unique" }),
  kind,
  commission_percent: z
    .number()
    .min(0)
    .max(MAX_COMMISSION_PERCENT)
    .optional()
    .meta({ description: `Percent off the public price, 0–${MAX_COMMISSION_PERCENT}, at most two decimals; default 0` }),
  rate_rule: rateRule.optional().meta({ description: "Default commission" }),
  credit_terms: creditTerms.optional().meta({ description: "Default guest_pays" }),
  contact_name: z.string().max(MAX_PARTNER_CONTACT).nullable().optional(),
  email: z.string().max(254).nullable().optional(),
  phone: z.string().max(30).nullable().optional(),
  language: language.optional().meta({ description: "Default en" }),
  active: z.boolean().optional().meta({ description: "Default true" }),
  notes: z.string().max(MAX_PARTNER_NOTES).nullable().optional(),
});

export const PartnerApiKeySchema = describes<ReturnType<typeof apiKeyJson>>()(
  z.object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().meta({ description: "The key's first 12 characters, to tell keys apart" }),
    created_by: z.string(),
    created_at: instant,
    last_used_at: instant.nullable().meta({ description: "Within a minute" }),
    revoked_at: instant.nullable(),
  }),
);

export const PartnerApiKeyCreated = PartnerApiKeySchema.extend({
  key: z.string().meta({ description: "The key, `vtp_` and 43 characters: shown this once (only its hash is kept). Send it as `Authorization: Bearer <key>`." }),
});

export const PartnerApiKeyCreate = z.object({ name: z.string().min(1).max(60).meta({ description: "What the partner calls it (\"Booking engine\")" }) });

/** What POST /api/bookings adds to its answer for a partner's key. */
export const PartnerBookingShare = z.object({
  id: z.string(),
  code: z.string(),
  commission: z
    .number()
    .meta({ description: "What the partner earns on the booking, lira, by its rule when booked: its rate × the price (to the kuruş), or on the net rule the price less its net price (never below 0)" }),
  net_price: z.number().meta({ description: "The price less the commission, lira: what the partner's price is" }),
  paid_by: z.enum(["guest", "partner"]).meta({ description: "Who pays: the guest in the car, or the partner on its monthly statement (the request's `paid_by`, else the partner's credit terms)" }),
});

const netLira = (description: string) => z.number().min(0).nullable().meta({ description });

/** A partner's own rates (the net rule), as GET/PUT /api/partners/{id}/net-rates read and write them. */
export const PartnerNetRatesWrite = z.object({
  fares: z
    .array(
      z.object({
        route_fare_id: z.string().meta({ description: "A public route fare's id (the office's Rotalar)" }),
        category: z.string().meta({ description: "A car category as the fleet spells it (Sedan, Minivan, VIP, …), any case" }),
        net_fare: netLira("The partner's fare on that route for that category, lira, ≥ 0 with at most two decimals; null: none (its per-km rate is used)"),
      }),
    )
    .optional()
    .meta({ description: "Every fare of the partner: those left out are removed" }),
  categories: z
    .array(
      z.object({
        category: z.string(),
        per_km: netLira("Net lira per km for a trip no fare of its own covers; null: the public price"),
        per_hour: netLira("Net lira per hour of hourly hire; null: the public rate"),
      }),
    )
    .optional(),
});

export const PartnerNetRatesSchema = describes<ReturnType<typeof netRatesJson>>()(
  PartnerNetRatesWrite.required().extend({
    partner_id: z.string(),
    rate_rule: rateRule,
  }),
);
