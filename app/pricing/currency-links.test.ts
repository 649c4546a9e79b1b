import { describe, expect, it } from "vitest";
import { currencyChoices, currencyHref, ratesDate } from "./currency-links";

describe("currency switch links", () => {
  it("sets ?cur= on the current page", () => {
    expect(currencyHref({ pathname: "/fleet", search: "", hash: "" }, "EUR")).toBe("/fleet?cur=EUR");
  });

  it("keeps the other parameters and the fragment", () => {
    const href = currencyHref(
      { pathname: "/booking-results", search: "?tripType=hourly&pickup=Belek&hours=4&lng=de", hash: "#contact" },
      "RUB",
    );
    expect(href).toBe("/booking-results?tripType=hourly&pickup=Belek&hours=4&lng=de&cur=RUB#contact");
  });

  it("replaces an earlier choice instead of adding a second one", () => {
    expect(currencyHref({ pathname: "/", search: "?cur=GBP&q=x", hash: "" }, "TRY")).toBe("/?cur=TRY&q=x");
  });

  it("encodes what it keeps", () => {
    expect(currencyHref({ pathname: "/booking-results", search: "?pickup=Kemer%2C%20Antalya", hash: "" }, "USD")).toBe(
      "/booking-results?pickup=Kemer%2C+Antalya&cur=USD",
    );
  });

  it("lists the five currencies with symbols, the current one marked", () => {
    const choices = currencyChoices({ pathname: "/fleet", search: "?q=s", hash: "" }, "EUR");
    expect(choices.map((c) => `${c.symbol} ${c.currency}`)).toEqual(["₺ TRY", "€ EUR", "$ USD", "£ GBP", "₽ RUB"]);
    expect(choices.filter((c) => c.current).map((c) => c.currency)).toEqual(["EUR"]);
    expect(choices[4]!.href).toBe("/fleet?q=s&cur=RUB");
  });
});

describe("the rates' date", () => {
  it("is written in the reader's language", () => {
    expect(ratesDate("2026-11-20", "en-GB")).toBe("20 Nov 2026");
    expect(ratesDate("2026-11-20", "de-DE")).toBe("20.11.2026");
    expect(ratesDate("2026-11-20", "tr-TR")).toBe("20 Kas 2026");
  });

  it("is empty when the stored date cannot be read", () => {
    expect(ratesDate("", "en-GB")).toBe("");
    expect(ratesDate("20.11.2026", "en-GB")).toBe("");
    expect(ratesDate("2026-13-45", "en-GB")).toBe("");
  });
});
