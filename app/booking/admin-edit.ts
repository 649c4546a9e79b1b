/**
 * What the office may change on a booking (DESIGN.md §3: the spec's dead Edit button made real):
 * contact details, notes, flight, date and time of each leg, passengers, the car and the
 * kilometres of each leg. One schema for the admin page and PATCH /api/bookings/{id}; a partial
 * body changes only what it names. Pure.
 */
import { z } from "zod";
import { isDateText, isTimeText } from "./datetime";

export const EDIT_MESSAGES = {
  fullName: "Ad soyad zorunludur.",
  email: "Geçerli bir e-posta adresi giriniz",
  phone: "Geçerli bir telefon numarası giriniz",
  date: "Geçerli bir tarih giriniz (YYYY-AA-GG).",
  dateTooFar: "Alış tarihi en fazla 2 yıl sonrası olabilir.",
  time: "Geçerli bir saat giriniz (SS:DD).",
  passengers: "Yolcu sayısı 1 ile 60 arasında bir tam sayı olmalıdır.",
  distance: "Mesafe 0 ile 5000 km arasında olmalıdır.",
  car: "Listeden bir araç seçiniz.",
  returnLeg: "Gidiş-dönüş rezervasyonunda dönüş tarihi ve saati zorunludur.",
  returnBeforePickup: "Dönüş, gidişten sonra olmalıdır.",
  saved: "Rezervasyon güncellendi.",
  saveFailed: "Rezervasyon güncellenirken bir hata oluştu.",
} as const;

const text = (max: number) => z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().max(max));

const number = (message: string) =>
  z.preprocess((v) => {
    if (typeof v === "string") {
      const t = v.trim().replace(",", ".");
      return t === "" ? undefined : Number(t);
    }
    return v === null ? undefined : v;
  }, z.number({ message }).refine(Number.isFinite, message));

export const bookingEditSchema = z
  .object({
    full_name: text(120).pipe(z.string().min(1, EDIT_MESSAGES.fullName)),
    email: text(200).pipe(z.email(EDIT_MESSAGES.email)),
    phone: text(40).pipe(z.string().regex(/^\+?[0-9 ()-]{6,}$/, EDIT_MESSAGES.phone)),
    notes: text(2000),
    flight_number: text(20),
    pickup_date: text(10).refine(isDateText, EDIT_MESSAGES.date),
    pickup_time: text(5).refine(isTimeText, EDIT_MESSAGES.time),
    return_date: text(10).refine((v) => v === "" || isDateText(v), EDIT_MESSAGES.date),
    return_time: text(5).refine((v) => v === "" || isTimeText(v), EDIT_MESSAGES.time),
    passengers: number(EDIT_MESSAGES.passengers).pipe(z.number().int(EDIT_MESSAGES.passengers).min(1, EDIT_MESSAGES.passengers).max(60, EDIT_MESSAGES.passengers)),
    car_id: text(64).pipe(z.string().min(1, EDIT_MESSAGES.car)),
    outbound_km: number(EDIT_MESSAGES.distance).pipe(z.number().min(0, EDIT_MESSAGES.distance).max(5000, EDIT_MESSAGES.distance)),
    return_km: number(EDIT_MESSAGES.distance).pipe(z.number().min(0, EDIT_MESSAGES.distance).max(5000, EDIT_MESSAGES.distance)).optional(),
  })
  .partial();

export type BookingEdit = z.output<typeof bookingEditSchema>;

export function parseBookingEdit(input: unknown): { ok: true; value: BookingEdit } | { ok: false; fields: Record<string, string[]> } {
  const result = bookingEditSchema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) (fields[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
  return { ok: false, fields };
}
