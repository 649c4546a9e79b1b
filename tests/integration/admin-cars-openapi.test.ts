import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "~/routes/api/openapi.document";
import * as openapiRoute from "~/routes/api/openapi";
import { MAX_PASSENGERS } from "~/booking/rules/search";

type Json = Record<string, unknown>;
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Every value of `key` anywhere in a JSON value. */
function collect(value: unknown, key: string): unknown[] {
  if (Array.isArray(value)) return value.flatMap((v) => collect(v, key));
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => (k === key ? [v] : []).concat(collect(v, key)));
}

/** A local JSON pointer ("#/components/schemas/Car") in a document. */
function resolve(doc: unknown, pointer: string): unknown {
  return pointer
    .slice(2)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((at, part) => (typeof at === "object" && at !== null ? (at as Json)[part] : undefined), doc);
}

/** Every `route("…")` inside the api prefix of app/routes.ts, as an OpenAPI path. */
function apiPaths(): string[] {
  const table = readFileSync(new URL("../../app/routes.ts", import.meta.url), "utf8");
  const block = table.slice(table.indexOf('...prefix("api"'));
  return [...block.matchAll(/route\("([^"]+)"/g)]
    .map((m) => m[1]!)
    .filter((p) => p !== "*")
    .map((p) => `/api/${p.replace(/:(\w+)/g, "{$1}")}`);
}

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1 and describes every /api route of the route table", () => {
    expect(openApiDocument.openapi).toBe("3.1.0");
    const documented = Object.keys(openApiDocument.paths);
    const routes = apiPaths();
    expect(routes.length).toBeGreaterThan(10);
    for (const path of routes) expect(documented, path).toContain(path);
    // …and nothing that is not a route.
    for (const path of documented) expect(routes, path).toContain(path);
  });

  it("points every $ref at a defined schema", () => {
    const text = JSON.stringify(openApiDocument);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(20);
    for (const name of refs) expect(Object.keys(openApiDocument.components.schemas), name).toContain(name);
  });

  it("is a structurally valid OpenAPI 3.1 document whose every reference resolves", () => {
    const doc = JSON.parse(JSON.stringify(openApiDocument)) as Json;
    expect(Object.keys(doc)).toEqual(expect.arrayContaining(["openapi", "info", "paths", "components"]));
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    const schemes = Object.keys((doc.components as Json).securitySchemes as Json);

    // Every "$ref" anywhere is a local JSON pointer that resolves in the document.
    for (const pointer of collect(doc, "$ref")) {
      expect(pointer, String(pointer)).toMatch(/^#\//);
      expect(resolve(doc, pointer as string), String(pointer)).toBeDefined();
    }
    // Schemas are JSON Schema 2020-12 as the document's dialect says, not each with its own.
    expect(collect((doc.components as Json).schemas, "$schema")).toEqual([]);
    expect(collect((doc.components as Json).schemas, "$id")).toEqual([]);
    for (const [name, schema] of Object.entries((doc.components as Json).schemas as Json)) {
      expect(typeof schema === "object" && schema !== null, name).toBe(true);
    }

    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
      expect(path).toMatch(/^\/api\//);
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const operations = Object.entries(item).filter(([key]) => METHODS.includes(key));
      expect(operations.length, path).toBeGreaterThan(0);
      for (const key of Object.keys(item)) expect([...METHODS, "parameters", "summary", "description"], `${path} ${key}`).toContain(key);
      for (const [method, op] of operations as Array<[string, Json]>) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(op.summary, where).toEqual(expect.any(String));
        const parameters = [...((item.parameters as Json[]) ?? []), ...((op.parameters as Json[]) ?? [])];
        for (const parameter of parameters) {
          expect(["query", "header", "path", "cookie"], where).toContain(parameter.in);
          expect(parameter.name, where).toEqual(expect.any(String));
          expect(parameter.schema, where).toBeDefined();
        }
        // Path parameters: declared exactly for the template's names, and required.
        const declared = parameters.filter((p) => p.in === "path");
        expect(declared.map((p) => p.name).sort(), where).toEqual(templated.sort());
        for (const p of declared) expect(p.required, where).toBe(true);
        const responses = Object.entries(op.responses as Record<string, Json>);
        expect(responses.length, where).toBeGreaterThan(0);
        for (const [status, response] of responses) {
          expect(status, where).toMatch(/^[1-5]\d\d$|^default$/);
          expect(response.description, `${where} ${status}`).toEqual(expect.any(String));
          // Failures answer with the error envelope.
          if (/^[45]/.test(status)) expect(JSON.stringify(response.content), `${where} ${status}`).toContain("#/components/schemas/Error");
        }
        if (op.requestBody) expect(Object.keys((op.requestBody as Json).content as Json).length, where).toBeGreaterThan(0);
        for (const requirement of (op.security as Json[]) ?? []) for (const scheme of Object.keys(requirement)) expect(schemes, where).toContain(scheme);
      }
    }
  });

  it("describes requests with the schemas the routes validate with, and the error envelope with its codes", () => {
    const schemas = openApiDocument.components.schemas as Record<string, Json>;
    // From the search schema: the same limits as the /booking-results form.
    // (the drop-off is required for transfers only: an hourly hire has none)
    expect(schemas.Search).toMatchObject({ type: "object", required: expect.arrayContaining(["pickup", "date", "time"]) });
    expect((schemas.Search!.properties as Json).tripType).toMatchObject({ enum: ["oneWay", "roundTrip", "hourly"] });
    expect((schemas.Search!.properties as Json).passengers).toMatchObject({ type: "integer", minimum: 1, maximum: MAX_PASSENGERS });
    // From the booking payload schema, as clients send it (before defaults and transforms).
    expect((schemas.BookingRequest!.properties as Json).pickup_date).toMatchObject({ type: "string" });
    expect(schemas.BookingRequest!.required).toEqual(expect.arrayContaining(["pickup_date", "car_id", "full_name", "email", "phone"]));
    // The car form: POST needs name, make and model; PUT nothing.
    expect(schemas.CarCreate!.required).toEqual(["name", "make", "model"]);
    expect(schemas.CarUpdate!.required).toBeUndefined();
    expect((schemas.CarCreate!.properties as Json).category).toMatchObject({ enum: expect.arrayContaining(["Sedan", "Minibüs"]) });
    expect((schemas.Settings!.properties as Json).security).toBeDefined();
    const error = ((schemas.Error!.properties as Json).error as Json).properties as Json;
    expect(Object.keys(error)).toEqual(expect.arrayContaining(["code", "message", "reason", "params", "fields", "fieldCodes"]));
    expect((error.code as Json).enum).toEqual(expect.arrayContaining(["validation_failed", "rate_limited", "payload_too_large"]));
  });

  it("describes the products and prices of issue 14: hourly hire, extras, price lines, currencies, and their error codes", () => {
    const schemas = openApiDocument.components.schemas as Record<string, Json>;
    const props = (name: string) => schemas[name]!.properties as Json;
    // Requests: hourly hire, extras and the currency in quotes and bookings.
    expect((props("Search").tripType as Json).enum).toEqual(["oneWay", "roundTrip", "hourly"]);
    expect(props("Search").hours).toMatchObject({ type: "integer" });
    const quotes = (openApiDocument.paths["/api/quotes"].post.requestBody.content["application/json"].schema as Json).allOf;
    expect(quotes).toEqual([{ $ref: "#/components/schemas/Search" }, { $ref: "#/components/schemas/QuoteOptions" }]);
    for (const name of ["QuoteOptions", "BookingRequest"]) {
      expect(JSON.stringify(props(name).extras), name).toContain('"required":["code"]');
      expect(JSON.stringify(props(name).currency), name).toContain('["TRY","EUR","USD","GBP","RUB"]');
    }
    expect((props("BookingRequest").trip_type as Json).enum).toContain("hourly");
    expect(props("BookingRequest").hours).toBeDefined();
    // Answers: each price's lines and currency, the trip's terms, the bookings' products.
    expect(props("Price")).toMatchObject({ lines: { type: "array", items: { $ref: "#/components/schemas/PriceLine" } }, extras: { items: { $ref: "#/components/schemas/ChosenExtra" } } });
    expect(Object.keys(props("Price"))).toEqual(expect.arrayContaining(["total", "fixed_price", "hourly", "currency", "total_in_currency", "rate"]));
    expect((props("PriceLine").kind as Json).enum).toEqual(["fixed", "distance", "hourly", "night", "returnDiscount", "minimum", "extra", "office", "car"]);
    // The office's own bookings (issue 29): the booking request takes its fields, the answers carry the channel.
    const booking = (openApiDocument.paths["/api/bookings"].post.requestBody.content["application/json"].schema as Json).allOf;
    expect(booking).toEqual([{ $ref: "#/components/schemas/BookingRequest" }, { $ref: "#/components/schemas/OfficeBookingFields" }]);
    expect(Object.keys(props("OfficeBookingFields")).sort()).toEqual(["channel", "confirm", "notify_guest", "override_reason", "price_override"]);
    expect((props("AdminBooking").channel as Json).enum).toEqual(["site", "api", "phone", "whatsapp", "email", "desk", "partner"]);
    expect(props("BookingCreated").warnings).toBeDefined();
    const trip = (props("Quotes").trip as Json).properties as Json;
    expect(Object.keys(trip)).toEqual(expect.arrayContaining(["hours", "included_km", "free_waiting_minutes", "waiting_price_per_15_min"]));
    for (const name of ["BookingCreated", "AdminBooking", "BookingWithEvents"]) {
      expect(Object.keys(props(name)), name).toEqual(expect.arrayContaining(["trip_type", "hours", "extras", "price_lines", "currency", "currency_rate", "currency_total", "total_price"]));
      expect((props(name).trip_type as Json).enum, name).toEqual(["oneWay", "roundTrip", "hourly"]);
    }
    // The extras endpoint.
    const extras = openApiDocument.paths["/api/extras"].get;
    expect(JSON.stringify(extras.responses[200])).toContain("#/components/schemas/Extra");
    expect(Object.keys(props("Extra"))).toEqual(expect.arrayContaining(["code", "names", "price", "pricing", "max_quantity", "needs_text", "price_in_currency"]));
    // Every error code the document names is a key of the catalogue (so clients can translate it).
    const catalogue = JSON.parse(readFileSync(new URL("../../locales/en/booking.json", import.meta.url), "utf8")) as { errors: Record<string, string> };
    const named = [...JSON.stringify(openApiDocument.paths).matchAll(/booking:errors\.(\w+)/g)].map((m) => m[1]!);
    for (const code of ["hoursRange", "notHourly", "extraUnknown", "extraQuantity", "extraText", "extraTextTooLong", "extrasFormat", "currency", "flightRequired"]) expect(named).toContain(code);
    for (const code of named) expect(Object.keys(catalogue.errors), code).toContain(code);
  });

  it("is served as JSON at /api/openapi.json", async () => {
    const response = openapiRoute.loader();
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = (await response.json()) as { paths: Record<string, unknown> };
    expect(body.paths["/api/cars/{id}"]).toBeDefined();
  });
});
