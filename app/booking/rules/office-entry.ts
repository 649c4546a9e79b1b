/**
 * What the office adds when it enters a booking itself (issue 29): the channel it came through,
 * a price agreed with the guest in place of the quote (with the reason), whether the guest is
 * mailed and whether the booking starts confirmed. One schema for /admin/bookings/new and for
 * POST /api/bookings with a staff token (snake_case, as the API's other fields); the same
 * `override_reason` lets a car that is taken at those times be booked anyway, as an edit does.
 * Pure and browser-safe.
 */
import { z } from "zod";
import { OFFICE_CHANNELS, type BookingChannel } from "./channel";
import { MAX_OVERRIDE_REASON } from "./booking-changes";
import { liraToKurus, type Kurus } from "~/utils/money";

/** The highest price the office may set, in lira (a typo's extra zeros stop here). */
export const MAX_OFFICE_PRICE_LIRA = 1_000_000;

const code = (key: string) => `admin:officeBooking.errors.${key}`;

/** A yes/no as JSON sends it (true/false) or a form does ("on", "true", "1"; absent is no). */
const flag = (fallback: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? fallback : v === "on" || v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : v),
    z.boolean({ error: code("flag") }),
  );

/** Lira as a number or as typed in Turkish ("2.450,50", "2450,5") or plainly ("2450.50"); anything else is left for the rule to refuse. */
export function readLira(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim().replace(/\s|₺|TL$/gi, "");
  if (text === "") return undefined;
  const turkish = /^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(text);
  const plain = /^\d+(\.\d{1,2})?$/.test(text);
  if (plain) return Number(text);
  if (turkish) return Number(text.replace(/\./g, "").replace(",", "."));
  return value;
}

export const officeEntrySchema = z
  .object({
    channel: z.enum(OFFICE_CHANNELS, { error: code("channel") }).default("phone").meta({ description: "Where the office took it: phone (default), whatsapp, email or desk" }),
    price_override: z
      .preprocess(readLira, z.number({ error: code("price") }).positive(code("price")).max(MAX_OFFICE_PRICE_LIRA, code("price")).multipleOf(0.01, code("price")))
      .optional()
      .nullable()
      .meta({ description: "The price agreed with the guest, lira (two decimals at most), in place of the quote; needs override_reason. Kept in the price lines (kind office), the history and the audit log" }),
    override_reason: z
      .string({ error: code("reason") })
      .trim()
      .max(MAX_OVERRIDE_REASON, code("reason"))
      .optional()
      .nullable()
      .meta({ description: `Why (1–${MAX_OVERRIDE_REASON} characters): required with price_override, and books a car that is taken at these times anyway (else 409 car_unavailable)` }),
    notify_guest: flag(true).meta({ description: "Mail the guest (in the booking's language) and message them when they agreed to; default true" }),
    confirm: flag(false).meta({ description: "Start confirmed instead of pending; default false" }),
  })
  .superRefine((entry, ctx) => {
    if (entry.price_override != null && !entry.override_reason) ctx.addIssue({ code: "custom", path: ["override_reason"], message: code("reasonRequired") });
  });

export type OfficeEntryInput = z.output<typeof officeEntrySchema>;

/** The staff-only fields: sent without a staff session, the API refuses them (403). */
export const OFFICE_ENTRY_FIELDS = ["channel", "price_override", "override_reason", "notify_guest", "confirm"] as const;

/** The office's part of a new booking, as the booking command takes it. */
export interface OfficeEntry {
  /** the office's own channels from its form and the API; "site" for an offer the guest accepted from a quote request */
  channel: BookingChannel;
  /** the agreed price in kuruş, in place of the quote's total */
  price: Kurus | null;
  /** why the price was set or the car's conflict overridden */
  reason: string | null;
  notifyGuest: boolean;
  confirm: boolean;
}

export function officeEntryOf(input: OfficeEntryInput): OfficeEntry {
  return {
    channel: input.channel,
    price: input.price_override == null ? null : liraToKurus(input.price_override),
    reason: input.override_reason || null,
    notifyGuest: input.notify_guest,
    confirm: input.confirm,
  };
}
