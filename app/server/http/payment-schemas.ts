/**
 * The OpenAPI schemas of a booking's money (issue 30): GET and POST /api/bookings/{id}/payments.
 * Checked at compile time against what the routes send (app/routes/api/present.server.ts).
 */
import { z } from "zod";
import type { presentBookingMoney } from "~/routes/api/present.server";
import { CURRENCIES } from "~/pricing/currency";
import { PAY_MODES, PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES } from "~/server/db/schema";
import { describes } from "./api-schemas";

const lira = (description: string) => z.number().meta({ description });

export const PaymentSchema = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_KINDS).meta({ description: "charge (online), refund, driver_cash, driver_card, adjustment (the office's, with a reason)" }),
  method: z.enum(PAYMENT_METHODS),
  amount: lira("Signed lira: money in > 0, money out < 0"),
  currency: z.enum(CURRENCIES).meta({ description: "The currency it moved in" }),
  currency_amount: z.number().meta({ description: "The amount in that currency's units, same sign" }),
  rate: z.number().nullable().meta({ description: "Lira per unit used to convert; null for TRY" }),
  provider: z.string().nullable(),
  reason: z.string(),
  by: z.string().meta({ description: "Who recorded it" }),
  created_at: z.string().meta({ format: "date-time" }),
});

export const BookingMoneySchema = describes<ReturnType<typeof presentBookingMoney>>()(
  z
    .object({
      booking_id: z.string(),
      reference: z.string(),
      payment_status: z.enum(PAYMENT_STATUSES),
      pay_mode: z.enum(PAY_MODES),
      total_price: lira("Lira"),
      amount_paid: lira("Received, net of refunds, in lira"),
      refunded: lira("Given back, in lira (positive)"),
      balance_due: lira("Still owed, in lira; 0 once paid and for a cancelled booking"),
      credit: lira("Received beyond what is owed, in lira"),
      payments: z.array(PaymentSchema).meta({ description: "The ledger, oldest first" }),
    })
    .meta({ description: "A booking's money: its ledger and where it stands (issue 30)" }),
);

export const PaymentInputSchema = z
  .object({
    amount: z.number().meta({ description: "In `currency`'s units (cents allowed; whole roubles): > 0 received, < 0 given back" }),
    currency: z.enum(CURRENCIES).optional().meta({ description: "Default TRY; the booking's own currency converts at its booked rate, another at the office's current rate" }),
    method: z.enum(PAYMENT_METHODS),
    reason: z.string().max(300).meta({ description: "Why (required): \"bank transfer 12 May\", \"refunded at the desk\"" }),
  })
  .meta({ description: "Money the office received or gave back, recorded as an adjustment" });
