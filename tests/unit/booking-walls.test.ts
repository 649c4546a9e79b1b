/**
 * The booking module's walls as eslint.config.js keeps them (issue 27, docs/decisions/007): each
 * rule is run on code it must refuse and on code it must let through, at the paths it guards.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });

/** The wall rules' messages for `code` as if it stood at `filePath`. */
async function refusals(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports" || m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

describe("the booking module's walls", () => {
  it("lets the rest of the app in through the front door and the rules only", async () => {
    const inside = 'import { createBooking } from "~/booking/bookings.server";\nexport const x = createBooking;\n';
    expect(await refusals(inside, "app/routes/api/x.ts")).toEqual([expect.stringContaining("front door")]);
    expect(await refusals(inside, "tests/integration/x.test.ts")).toEqual([expect.stringContaining("front door")]);
    const door = 'import { createBooking } from "~/booking/index.server";\nimport { capacityProblems } from "~/booking/rules/capacity";\nexport const x = [createBooking, capacityProblems];\n';
    expect(await refusals(door, "app/routes/api/x.ts")).toEqual([]);
  });

  it("keeps React, routes, the admin's components and HTTP answers out of the module", async () => {
    const delivery = [
      'import { useState } from "react";',
      'import { BookingSearchForm } from "~/routes/site/booking/search-form";',
      'import { BookingView } from "~/admin/ui/booking-view";',
      'import { apiError } from "~/server/api";',
      'import { placeServices } from "~/server/http/places.server";',
      "export const x = [useState, BookingSearchForm, BookingView, apiError, placeServices];",
    ].join("\n");
    expect(await refusals(delivery, "app/booking/x.server.ts")).toHaveLength(5);
    // A type is no delivery code.
    expect(await refusals('import type { ReactNode } from "react";\nexport type X = ReactNode;\n', "app/booking/x.server.ts")).toEqual([]);
  });

  it("keeps the rules pure: no server module, no Node built-in, nothing of the module outside rules/", async () => {
    const impure = [
      'import { randomUUID } from "node:crypto";',
      'import { getSettings } from "~/settings/settings.server";',
      'import { createBooking } from "../bookings.server";',
      "export const x = [randomUUID, getSettings, createBooking];",
    ].join("\n");
    expect(await refusals(impure, "app/booking/rules/x.ts")).toHaveLength(3);
    expect(await refusals('import { toInstant } from "./datetime";\nexport const x = toInstant;\n', "app/booking/rules/x.ts")).toEqual([]);
  });

  it("refuses statements on the booking tables outside the module", async () => {
    const sql = (table: string) => `import type { Kysely } from "kysely";\nexport const q = (db: Kysely<never>) => (db as any).selectFrom("${table}").selectAll().execute();\n`;
    for (const table of ["bookings", "booking_legs", "booking_events", "booking_counts", "bookings as b"]) {
      expect(await refusals(sql(table), "app/admin/x.server.ts"), table).toEqual([expect.stringContaining("booking tables")]);
    }
    expect(await refusals(sql("cars"), "app/admin/x.server.ts")).toEqual([]);
    expect(await refusals(sql("bookings"), "app/booking/store/reads.server.ts")).toEqual([]);
  });

  it("leaves the statements on the booking tables to the store inside the module too", async () => {
    const sql = (table: string) => `import type { Kysely } from "kysely";\nexport const q = (db: Kysely<never>) => (db as any).updateTable("${table}").set({}).execute();\n`;
    for (const table of ["bookings", "booking_legs", "booking_events", "booking_counts", "bookings as b"]) {
      expect(await refusals(sql(table), "app/booking/commands-x.server.ts"), table).toEqual([expect.stringContaining("store")]);
    }
    expect(await refusals(sql("cars"), "app/booking/commands-x.server.ts")).toEqual([]);
    expect(await refusals(sql("bookings"), "app/booking/store/reads.server.ts")).toEqual([]);
    expect(await refusals(sql("booking_legs"), "app/booking/store/legs.server.ts")).toEqual([]);
  });
});
