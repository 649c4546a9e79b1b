import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { cutAtTexts, deflateParts, fillTokens, gzipFilled } from "./answer-tokens.server";
import { familyQuery, fingerprint, slotPattern } from "./search-templates.server";

describe("the templates of new searches", () => {
  it("leaves the dates out of a search's query, and takes only their canonical forms, each once", () => {
    expect(familyQuery("?tripType=oneWay&pickup=AYT&date=2027-01-05&time=11%3A30&passengers=2&lng=de")).toEqual({
      query: "?tripType=oneWay&pickup=AYT&date=&time=&passengers=2&lng=de",
      dates: { date: "2027-01-05", time: "11:30" },
    });
    expect(familyQuery("?date=2027-01-05&time=10:00&returnDate=2027-01-09&returnTime=18:00")?.dates).toEqual({ date: "2027-01-05", time: "10:00", returnDate: "2027-01-09", returnTime: "18:00" });
    expect(familyQuery("?date=2027-01-05")).toBeNull();
    expect(familyQuery("?date=2027-1-5&time=10:00")).toBeNull();
    expect(familyQuery("?date=2027-01-05&time=10:00&date=2027-01-06")).toBeNull();
    expect(familyQuery("?date=2027-01-05&time=10:00&returnTime=6pm")).toBeNull();
    expect(familyQuery("?date=%E0%A4%A&time=10:00")).toBeNull();
    expect(familyQuery("?date=2027%2D01-05&time=10:00")).toBeNull();
  });

  it("names the empty slots and those that repeat an earlier one", () => {
    expect(slotPattern(["a", "", "b", "b", "c"])).toBe("0,-,2,2,4");
  });

  it("gives two answers the same fingerprint only when they differ in their tokens and date texts alone", () => {
    const answer = (date: string, key: string, price: number) => ({ search: { pickupAt: `${date}T10:00:00+03:00` }, query: `date=${date}`, key, price });
    const a = fingerprint(answer("2027-01-05", "k1", 100), ["k1"], ["2027-01-05T10:00:00+03:00", "2027-01-05"]);
    expect(fingerprint(answer("2027-02-11", "k2", 100), ["k2"], ["2027-02-11T10:00:00+03:00", "2027-02-11"])).toBe(a);
    expect(fingerprint(answer("2027-02-11", "k2", 120), ["k2"], ["2027-02-11T10:00:00+03:00", "2027-02-11"])).not.toBe(a);
  });

  it("cuts a page at its texts (UTF-8, the longer where two overlap, a repeated one as the first) and fills others in, plain and gzipped", async () => {
    const page = `<p>вторник, 5 января 2027 г. в 11:30</p><a href="?date=2027-01-05">x</a>${"<i>car</i>".repeat(2000)}"2027-01-05T11:30:00+03:00"`;
    const texts = ["вторник, 5 января 2027 г. в 11:30", "2027-01-05T11:30:00+03:00", "2027-01-05", "2027-01-05", ""];
    const cut = cutAtTexts(Buffer.from(page), texts);
    expect(cut.slots).toEqual([0, 2, 1]);
    const fresh = ["среда, 10 февраля 2027 г. в 09:15", "2027-02-10T09:15:00+03:00", "2027-02-10", "2027-02-10", ""];
    const want = page.replace("вторник, 5 января 2027 г. в 11:30", fresh[0]!).replace("2027-01-05T11:30:00+03:00", fresh[1]!).replace("date=2027-01-05", "date=2027-02-10");
    const filled = fillTokens(cut, fresh);
    expect(filled.toString()).toBe(want);
    const gz = gzipFilled({ ...cut, deflated: await deflateParts(cut) }, fresh, filled);
    expect(gunzipSync(gz).toString()).toBe(want);
  });
});
