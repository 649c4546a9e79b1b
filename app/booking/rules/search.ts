/**
 * The transfer search (spec §3 "Search data"), which lives in the URL of /booking-results:
 * `?tripType=oneWay&pickup=…&pickupPlace=…&dropoff=…&dropoffPlace=…&date=2026-07-01&time=14:30
 * &passengers=2&luggage=2` (passengers: everyone travelling, children included), the special
 * luggage by kind (`prams=1&golfBags=2`, capacity.ts) and, for a round trip, `returnPickup`,
 * `returnDropoff`, `returnDate`, `returnTime` (+ `…Place`). One zod schema validates it in the browser (Conform) and on the server
 * (page loader, quote API). Messages are keys of the `booking` namespace.
 * Whether a place text can be resolved is decided on the server (it needs the gazetteer).
 */
import { z } from "zod";
import { isDateText, isTimeText, toBusinessDateTime, toInstant } from "./datetime";
import { PUBLIC_DATE_KEYS, tripDateProblems } from "./trip-dates";
import { MAX_LUGGAGE, MAX_LUGGAGE_ITEM, MAX_PASSENGERS, MAX_PLACE_TEXT, TRIP_TYPES } from "./search-params";
import { normaliseLuggageItems } from "./capacity";

export * from "./search-params";


const required = (max: number) =>
  z.string({ error: "errors.required" }).trim().min(1, "errors.required").max(max, "errors.tooLong");
const optionalText = (max: number) => z.string().trim().max(max, "errors.tooLong").optional();
const dateField = z.string({ error: "errors.required" }).trim().refine(isDateText, "errors.date");
const timeField = z.string({ error: "errors.required" }).trim().refine(isTimeText, "errors.time");
/** A count of one special luggage kind (capacity.ts); none when left out. */
const luggageItem = z.number({ error: "errors.luggageItem" }).int("errors.luggageItem").min(0, "errors.luggageItem").max(MAX_LUGGAGE_ITEM, "errors.luggageItem").optional();

export const searchSchema = z
  .object({
    tripType: z.enum(TRIP_TYPES, { error: "errors.tripType" }).default("oneWay"),
    pickup: required(MAX_PLACE_TEXT),
    pickupPlace: optionalText(300),
    // required for transfers (below); an hourly hire has none
    dropoff: optionalText(MAX_PLACE_TEXT),
    dropoffPlace: optionalText(300),
    date: dateField,
    time: timeField,
    passengers: z
      .number({ error: "errors.passengers" })
      .int("errors.passengers")
      .min(1, "errors.passengers")
      .max(MAX_PASSENGERS, "errors.passengers")
      .default(1),
    luggage: z.number({ error: "errors.luggage" }).int("errors.luggage").min(0, "errors.luggage").max(MAX_LUGGAGE, "errors.luggage").optional(),
    prams: luggageItem,
    wheelchairs: luggageItem,
    golfBags: luggageItem,
    skis: luggageItem,
    bicycles: luggageItem,
    /** hours of hourly hire; the office's bounds (settings) are checked on the server */
    hours: z.number({ error: "errors.hours" }).int("errors.hours").min(1, "errors.hours").max(24, "errors.hours").optional(),
    returnPickup: optionalText(MAX_PLACE_TEXT),
    returnPickupPlace: optionalText(300),
    returnDropoff: optionalText(MAX_PLACE_TEXT),
    returnDropoffPlace: optionalText(300),
    returnDate: z.string().trim().optional(),
    returnTime: z.string().trim().optional(),
  })
  // What the trip type asks for is said with the fields' own problems (run even when others failed).
  .superRefine(
    (s, ctx) => {
      const given = s as Partial<typeof s>;
      if (given.tripType === "hourly" && given.hours === undefined) ctx.addIssue({ code: "custom", path: ["hours"], message: "errors.hours" });
      if (given.tripType !== "hourly" && !given.dropoff) ctx.addIssue({ code: "custom", path: ["dropoff"], message: "errors.required" });
    },
    { when: () => true },
  )
  .superRefine((s, ctx) => {
    if (s.tripType === "roundTrip") {
      if (!s.returnPickup) ctx.addIssue({ code: "custom", path: ["returnPickup"], message: "errors.required" });
      if (!s.returnDropoff) ctx.addIssue({ code: "custom", path: ["returnDropoff"], message: "errors.required" });
      if (!s.returnDate) ctx.addIssue({ code: "custom", path: ["returnDate"], message: "errors.required" });
      else if (!isDateText(s.returnDate)) ctx.addIssue({ code: "custom", path: ["returnDate"], message: "errors.date" });
      if (!s.returnTime) ctx.addIssue({ code: "custom", path: ["returnTime"], message: "errors.required" });
      else if (!isTimeText(s.returnTime)) ctx.addIssue({ code: "custom", path: ["returnTime"], message: "errors.time" });
    }
    const pickupAt = toInstant(toBusinessDateTime(s.date, s.time));
    const returnAt = s.tripType === "roundTrip" && s.returnDate && s.returnTime ? toInstant(toBusinessDateTime(s.returnDate, s.returnTime)) : null;
    // A missing or unreadable return is said above; the date rule judges the dates that can be read.
    const why = tripDateProblems({ pickupAt, returnAt, roundTrip: returnAt !== null });
    if (why.pickup) ctx.addIssue({ code: "custom", path: ["date"], message: PUBLIC_DATE_KEYS[why.pickup] });
    if (why.return) ctx.addIssue({ code: "custom", path: ["returnDate"], message: PUBLIC_DATE_KEYS[why.return] });
  })
  .transform((s) => {
    const base = {
      tripType: s.tripType,
      pickup: s.pickup,
      pickupPlace: s.pickupPlace,
      dropoff: s.dropoff ?? "",
      dropoffPlace: s.dropoffPlace,
      date: s.date,
      time: s.time,
      passengers: s.passengers,
      luggage: s.luggage,
      luggageItems: normaliseLuggageItems({ prams: s.prams, wheelchairs: s.wheelchairs, golfBags: s.golfBags, skis: s.skis, bicycles: s.bicycles }),
    };
    if (s.tripType === "hourly") return { ...base, tripType: "hourly" as const, dropoff: "", dropoffPlace: undefined, hours: s.hours! };
    if (s.tripType !== "roundTrip") return { ...base, tripType: "oneWay" as const };
    return {
      ...base,
      tripType: "roundTrip" as const,
      returnPickup: s.returnPickup!,
      returnPickupPlace: s.returnPickupPlace,
      returnDropoff: s.returnDropoff!,
      returnDropoffPlace: s.returnDropoffPlace,
      returnDate: s.returnDate!,
      returnTime: s.returnTime!,
    };
  });

export type Search = z.output<typeof searchSchema>;
