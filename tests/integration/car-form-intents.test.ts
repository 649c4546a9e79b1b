/**
 * The car form's list buttons without JavaScript: Conform list intents (`__intent__`) posted with
 * the form are applied by the server, which sends the form back changed and saves nothing; a
 * malformed intent or an absurd row number is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleCarForm } from "~/fleet/car-form.server";
import { localStorage } from "~/server/storage.server";
import { engines, testDb, type TestDb } from "../setup/db";

const storage = localStorage("/tmp/vt-car-form-intents-test");

function post(fields: Array<[string, string]>) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return new Request("http://localhost/admin/cars/add", { method: "POST", body: form });
}

const typed: Array<[string, string]> = [
  ["name", "Intent Vito"],
  ["make", "Mercedes-Benz"],
  ["features[0]", "wifi"],
  ["features[1]", "usb"],
  ["features[2]", "tv"],
];

describe.each(engines)("car form list intents on %s", (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await testDb(engine);
  });
  afterAll(() => db.destroy());

  const cars = async () => (await db.kysely.selectFrom("cars").select("id").execute()).length;

  it("insert, remove and reorder change the list and keep everything typed, without saving", async () => {
    const insert = await handleCarForm(db.kysely, storage, post([...typed, ["__intent__", JSON.stringify({ type: "insert", payload: { name: "features", defaultValue: "" } })]]));
    if ("saved" in insert) throw new Error("saved on a list intent");
    expect([insert.status, insert.state.features, insert.state.values.name]).toEqual([200, ["wifi", "usb", "tv", ""], "Intent Vito"]);

    const remove = await handleCarForm(db.kysely, storage, post([...typed, ["__intent__", JSON.stringify({ type: "remove", payload: { name: "features", index: 1 } })]]));
    if ("saved" in remove) throw new Error("saved on a list intent");
    expect(remove.state.features).toEqual(["wifi", "tv"]);

    const reorder = await handleCarForm(db.kysely, storage, post([...typed, ["__intent__", JSON.stringify({ type: "reorder", payload: { name: "features", from: 0, to: 2 } })]]));
    if ("saved" in reorder) throw new Error("saved on a list intent");
    expect(reorder.state.features).toEqual(["usb", "tv", "wifi"]);

    // the last row removed leaves one empty row to type in
    const last = await handleCarForm(db.kysely, storage, post([["features[0]", "wifi"], ["__intent__", JSON.stringify({ type: "remove", payload: { name: "features", index: 0 } })]]));
    if ("saved" in last) throw new Error("saved on a list intent");
    expect(last.state.features).toEqual([""]);
    expect(await cars()).toBe(0);
  });

  it("refuses a malformed intent and a row number out of range", async () => {
    for (const fields of [
      [...typed, ["__intent__", "{not json"]],
      [...typed, ["__intent__", JSON.stringify({ type: "remove" })]],
      [["name", "x"], ["features[999999999]", "wifi"]],
    ] as Array<Array<[string, string]>>) {
      const outcome = await handleCarForm(db.kysely, storage, post(fields));
      expect("saved" in outcome ? 201 : outcome.status).toBe(400);
    }
    expect(await cars()).toBe(0);
  });
});
