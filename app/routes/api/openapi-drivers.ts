/**
 * The OpenAPI path entries of the drivers (issue 15), apart from openapi.document.ts so that file
 * stays readable; it passes its own helpers in.
 */
import type { PartnerPathHelpers } from "./openapi-partners";

type Json = Record<string, unknown>;

/** The document's helpers this part uses, with its own components. */
export type DriverPathHelpers = Omit<PartnerPathHelpers, "ref"> & {
  ref: (name: "Driver" | "DriverCreate" | "DriverUpdate" | "Deleted") => Json;
};

export function driverPaths({
  ref,
  list,
  json,
  ok,
  error,
  query,
  pathId,
  ADMIN,
  E401,
  E403,
  E404,
  E422,
  idempotencyKey,
}: DriverPathHelpers) {
  const DRIVER_FIELDS_400 = error(
    "`validation_failed`, by field (codes in `error.fieldCodes`): `name` (`admin:drivers.messages.nameRequired`, `nameTooLong`), `phone` (`phoneInvalid`), `whatsapp` (`whatsappInvalid`), `languages` (`languagesInvalid`), `licenceNumber` (`licenceTooLong`), `active` (`activeInvalid`: not a boolean), `userId` (`userInvalid`: not a driver account; `userTaken`: linked to another driver); or `bad_request` (not a JSON object)",
  );
  return {
    "/api/drivers": {
      get: {
        tags: ["drivers"],
        summary: "The drivers by name (admin, dispatcher)",
        security: ADMIN,
        parameters: [
          query(
            "active",
            { type: "string", enum: ["true", "false"] },
            "true: only active drivers (those offered for new legs)",
          ),
          query(
            "q",
            { type: "string", maxLength: 100 },
            "Search in name and licence number (Turkish letters folded), or 4+ digits of a phone",
          ),
        ],
        responses: { 200: ok(list(ref("Driver"))), 401: E401, 403: E403 },
      },
      post: {
        tags: ["drivers"],
        summary: "Add a driver (admin, dispatcher); recorded in the audit log",
        description: "A repeated `Idempotency-Key` with the same body answers with the driver created the first time.",
        security: ADMIN,
        parameters: [idempotencyKey],
        requestBody: json(ref("DriverCreate")),
        responses: { 201: ok(ref("Driver"), "Created"), 400: DRIVER_FIELDS_400, 401: E401, 403: E403, 422: E422 },
      },
    },
    "/api/drivers/{id}": {
      parameters: [pathId],
      get: {
        tags: ["drivers"],
        summary: "One driver (admin, dispatcher)",
        security: ADMIN,
        responses: { 200: ok(ref("Driver")), 401: E401, 403: E403, 404: E404 },
      },
      patch: {
        tags: ["drivers"],
        summary: "Change a driver (admin, dispatcher); fields not sent keep their value, null clears an optional one",
        security: ADMIN,
        requestBody: json(ref("DriverUpdate")),
        responses: { 200: ok(ref("Driver")), 400: DRIVER_FIELDS_400, 401: E401, 403: E403, 404: E404 },
      },
      delete: {
        tags: ["drivers"],
        summary: "Delete a driver (admin only)",
        security: ADMIN,
        responses: {
          200: ok(ref("Deleted")),
          401: E401,
          403: E403,
          404: E404,
          409: error(
            "`conflict` (`admin:drivers.messages.inUse`): the driver has assigned legs; set `active` false instead",
          ),
        },
      },
    },
  };
}
