import { describe, expect, it } from "vitest";
import de from "../../locales/de/admin.json";
import en from "../../locales/en/admin.json";
import ru from "../../locales/ru/admin.json";
import tr from "../../locales/tr/admin.json";
import { MAIL_KINDS, mailKindLabelKey } from "./kinds";

const labelOf = (catalogue: object, key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

describe("mail kinds", () => {
  it.each([
    ["tr", tr],
    ["en", en],
    ["de", de],
    ["ru", ru],
  ])("every kind the outbox can hold has a label in %s", (_, catalogue) => {
    const missing = MAIL_KINDS.filter(
      (kind) =>
        typeof labelOf(catalogue, mailKindLabelKey(kind)) !== "string" || !labelOf(catalogue, mailKindLabelKey(kind)),
    );
    expect(missing).toEqual([]);
  });

  it("lists each kind once", () => {
    expect(new Set(MAIL_KINDS).size).toBe(MAIL_KINDS.length);
  });
});
