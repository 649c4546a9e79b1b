/**
 * Documents that expire (migration 0228, issue 34), apart from app/server/db/schema.ts so that file
 * stays readable; `Database` there lists it with the others.
 */
import type { ColumnType } from "kysely";

type Instant = string;
type DefaultedText = ColumnType<string, string | undefined, string>;

export interface FleetDocumentsTable {
  id: string;
  /** the car it belongs to (a car's document), else null */
  car_id: string | null;
  /** the driver it belongs to (a driver's document), else null */
  driver_id: string | null;
  /** app/fleet/documents.ts DOCUMENT_KINDS */
  kind: string;
  /** the last valid day, yyyy-mm-dd (Istanbul) */
  expires_on: string;
  file_name: string | null;
  /** "application/pdf", "image/webp" */
  file_type: string | null;
  file_size: number | null;
  /** the scan, base64: personal data, served only to staff */
  file_data: string | null;
  /** thresholds already announced for this expires_on, comma-separated ("30,7") */
  warned: DefaultedText;
  updated_at: Instant;
  /** who saved it last (name or e-mail), "" for the system */
  updated_by: DefaultedText;
}
