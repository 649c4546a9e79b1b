/**
 * The OpenAPI schemas of the office's dashboard and notifications, apart from api-schemas.ts so
 * that file stays readable; the OpenAPI document lists them with the others.
 */
import { z } from "zod";
import type { Dashboard } from "~/admin/stats.server";
import type { NotificationItem } from "~/admin/notifications.server";
import type { FiguresJson } from "~/partners/partner-figures.server";
import { BOOKING_CHANNELS } from "~/booking/rules/channel";
import { BOOKING_STATUSES } from "~/booking/rules/status";
import { describes, instant, lira } from "./api-schemas";

const percent = z.number().meta({ description: "percent" });
const daySummary = z.object({
  date: z.string().meta({ description: "Istanbul day, YYYY-MM-DD" }),
  legs: z.number().int(),
  withoutCar: z.number().int(),
  withoutDriver: z.number().int(),
  collisions: z.number().int(),
  nextTwoHours: z.number().int(),
  flights: z.number().int(),
});

export const DashboardSchema = describes<Dashboard["stats"] & Pick<Dashboard, "recentBookings" | "popularCars" | "channels" | "operations"> & { partners: FiguresJson }>()(
  z
    .object({
      totalBookings: z.number().int(),
      totalCars: z.number().int(),
      activeBookings: z.number().int(),
      monthlyRevenue: lira(),
      bookingCompletionRate: percent,
      carOccupancyRate: percent,
      cancellationRate: percent,
      changes: z.object({
        totalBookings: percent.nullable(),
        totalCars: percent.nullable(),
        activeBookings: percent.nullable(),
        monthlyRevenue: percent.nullable(),
      }),
      recentBookings: z.array(
        z.object({
          id: z.string(),
          reference: z.string(),
          fullName: z.string(),
          email: z.string(),
          pickupDate: instant,
          carName: z.string(),
          status: z.enum(BOOKING_STATUSES),
          totalPrice: lira(),
        }),
      ),
      popularCars: z.array(z.object({ id: z.string(), name: z.string(), category: z.string(), status: z.string(), bookingsCount: z.number().int() })),
      channels: z
        .object(Object.fromEntries(BOOKING_CHANNELS.map((c) => [c, z.number().int()])) as Record<(typeof BOOKING_CHANNELS)[number], z.ZodNumber>)
        .meta({ description: "Bookings created this month (Istanbul) by channel, every channel named" }),
      operations: z
        .object({ today: daySummary, tomorrow: daySummary, pending: z.number().int(), openQuotes: z.number().int().meta({ description: "Quote requests awaiting the office's offer" }) })
        .meta({ description: "The day first: today's and tomorrow's legs (those starting that Istanbul day, not cancelled), the bookings awaiting confirmation and the open quote requests" }),
      partners: z
        .object({
          byPartner: z.array(z.object({ partnerId: z.string(), code: z.string(), name: z.string(), bookings: z.number().int(), revenue: lira("guest price, lira"), commission: lira("the partner's commission, lira") })),
          direct: z.object({ bookings: z.number().int(), revenue: lira("guest price, lira") }),
        })
        .meta({ description: "Bookings created this month (Istanbul), not cancelled, per partner (largest revenue first) and without a partner (direct)" }),
    }),
);

export const NotificationSchema = describes<NotificationItem>()(
  z
    .object({ id: z.string(), kind: z.string(), title: z.string(), body: z.string(), link: z.string().nullable(), createdAt: instant, read: z.boolean() }),
);

export const NotificationsRead = z
  .object({ ids: z.array(z.string().max(64)).max(500).optional(), all: z.literal(true).optional() })
  .meta({ description: "`ids` (a list) or `all: true`" });
