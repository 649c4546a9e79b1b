import { readFileSync } from "node:fs";
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { createExtraSchema, EXTRAS, extraSchemaFor, updateExtraSchema } from "./extras";
import { PRICING_PAGE } from "./pricing-settings";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};

const valid = {
  intent: "create",
  code: "e2e-water",
  "names.tr": "Su",
  "names.en": "Water",
  "names.de": "Wasser",
  "names.ru": "Вода",
  price: "1.250,50",
  pricing: "unit",
  maxQuantity: "4",
  active: "on",
};

describe("the extras form", () => {
  it("reads a new extra: Turkish lira to kuruş, ticked boxes, a default order", () => {
    const submission = parseWithZod(form(valid), { schema: createExtraSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      intent: "create",
      code: "e2e-water",
      names: { tr: "Su", en: "Water", de: "Wasser", ru: "Вода" },
      price: 125050,
      pricing: "unit",
      maxQuantity: 4,
      needsText: false,
      active: true,
      sortOrder: 0,
    });
  });

  it("accepts a free extra and the code in capitals (stored in lower case)", () => {
    const submission = parseWithZod(form({ ...valid, price: "0", code: "Name-Sign2" }), { schema: createExtraSchema });
    expect(submission.status === "success" && submission.value).toMatchObject({ price: 0, code: "name-sign2" });
  });

  it("refuses each bad field with its code", () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ price: "" }, "price", EXTRAS.priceRequired],
      [{ price: "abc" }, "price", EXTRAS.priceNumber],
      [{ price: "12,345" }, "price", EXTRAS.priceNumber],
      [{ price: "-5" }, "price", EXTRAS.priceNumber],
      [{ price: "100.001" }, "price", EXTRAS.priceRange],
      [{ maxQuantity: "0" }, "maxQuantity", EXTRAS.maxQuantity],
      [{ maxQuantity: "21" }, "maxQuantity", EXTRAS.maxQuantity],
      [{ maxQuantity: "2,5" }, "maxQuantity", EXTRAS.maxQuantity],
      [{ code: "" }, "code", EXTRAS.codeRequired],
      [{ code: "su ikramı" }, "code", EXTRAS.codeFormat],
      [{ code: "-water" }, "code", EXTRAS.codeFormat],
      [{ code: "a".repeat(41) }, "code", EXTRAS.codeFormat],
      [{ "names.de": "" }, "names.de", EXTRAS.nameRequired],
      [{ "names.ru": "я".repeat(81) }, "names.ru", EXTRAS.nameTooLong],
      [{ pricing: "hourly" }, "pricing", EXTRAS.pricing],
      [{ sortOrder: "1000" }, "sortOrder", EXTRAS.sortOrder],
    ];
    for (const [change, field, code] of cases) {
      const submission = parseWithZod(form({ ...valid, ...change }), { schema: createExtraSchema });
      expect(submission.status, JSON.stringify(change)).toBe("error");
      expect(submission.reply().error?.[field], JSON.stringify(change)).toEqual([code]);
    }
  });

  it("edits without a code, and picks the schema by intent", () => {
    const { code: _code, ...rest } = valid;
    const submission = parseWithZod(form({ ...rest, intent: "update", id: "x1" }), { schema: updateExtraSchema });
    expect(submission.status === "success" && submission.value).toMatchObject({ id: "x1", price: 125050, active: true });
    expect(extraSchemaFor("create")).toBe(createExtraSchema);
    expect(extraSchemaFor("anything")).toBe(updateExtraSchema);
  });
});

describe("the extras and pricing pages' codes", () => {
  const load = (lng: string) => JSON.parse(readFileSync(`locales/${lng}/admin.json`, "utf8")) as Record<string, unknown>;
  const lookup = (catalogue: Record<string, unknown>, code: string) =>
    code
      .replace(/^admin:/, "")
      .split(".")
      .reduce<unknown>((node, key) => (typeof node === "object" && node !== null ? (node as Record<string, unknown>)[key] : undefined), catalogue);

  it("has every code in the four admin catalogues", () => {
    for (const code of [...Object.values(EXTRAS), ...Object.values(PRICING_PAGE)]) {
      for (const lng of ["tr", "en", "de", "ru"]) expect(typeof lookup(load(lng), code), `${lng} ${code}`).toBe("string");
    }
  });
});
