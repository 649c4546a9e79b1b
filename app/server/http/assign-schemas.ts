/**
 * The OpenAPI schemas of a leg's driver and car (issue 15): PUT /api/bookings/{id}/legs/{leg}'s
 * body and answer, and the legs GET /api/bookings/{id} lists.
 */
import { z } from "zod";
import type { LegAssignmentView } from "~/admin/leg-assignments";
import { JOB_STATUSES } from "~/server/db/schema";
import { BookingWithEvents } from "./api-schemas";

export const LegAssignmentRequest = z
  .object({
    driverId: z.string().max(64).nullable().optional().meta({ description: "The driver (GET /api/drivers); null takes the driver off the leg; absent keeps it" }),
    carId: z.string().max(64).optional().meta({ description: "The leg's car; absent keeps it. The outbound car can be changed, not removed; the return leg may have its own" }),
    unit: z
      .number()
      .int()
      .min(1)
      .max(9)
      .optional()
      .meta({
        description:
          "Which car of a party booked in several cars (`units` in the booking's `legs`): 1 (the default) the booking's own car, 2, 3, … its further cars. A further car's driver is assigned per leg; its car is changed for both legs, and must seat that car's share of the party",
      }),
    override_reason: z
      .string()
      .min(1)
      .max(500)
      .optional()
      .meta({ description: "Why the driver or car is assigned although the driver is off duty, on leave or short of the minimum rest, or the driver or car has a document expired on the leg's day (otherwise refused with 409 `conflict`, reason `admin:assign.messages.needsOverride`); recorded in the history and the audit log. A busy driver or car stays refused" }),
  })
  .meta({ description: "What to put on the leg; a driver or car busy at the leg's times (buffer included) is refused with 409, a car too small for the booking with 400" });

/** A leg's assignment as the API answers it (checked at compile time against what the routes send). */
export const LegAssignmentSchema = z.object({
  leg: z.enum(["outbound", "return"]),
  unit: z.number().int().min(1).meta({ description: "Which car of the booking drives this leg: 1 its own car, 2, 3, … a party's further cars (each with its own driver and job link)" }),
  units: z.number().int().min(1).meta({ description: "How many cars the booking has (1 for most; a party too large for one car has more)" }),
  driver: z.object({ id: z.string(), name: z.string(), phone: z.string(), whatsapp: z.string().nullable() }).nullable(),
  car: z.object({ id: z.string(), name: z.string(), plateNumber: z.string().nullable(), colour: z.string().nullable() }).nullable(),
  jobStatus: z.enum(JOB_STATUSES).nullable().meta({ description: "What the driver last reported through the job link (`assigned` until then); null without a driver" }),
  jobStatusAt: z.string().meta({ format: "date-time" }).nullable(),
  jobUrl: z.string().nullable().meta({ description: "The driver's private job link (absolute); a new driver gets a new one and the old stops working" }),
}) satisfies z.ZodType<LegAssignmentView>;

export const BookingWithLegs = BookingWithEvents.extend({ legs: z.array(LegAssignmentSchema).meta({ description: "Each leg's driver, car, job status and job link, for each car of the booking" }) });
