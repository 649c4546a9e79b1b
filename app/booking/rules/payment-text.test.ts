import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { kurus } from "~/utils/money";
import { paymentRows } from "./payment-text";
import { amountDueOf } from "./payments";

const t = ((key: string) => key) as unknown as TFunction;
const EUR = 524_000; // 52.40 TL per euro
const terms = { cash: true, card: false, currencies: ["EUR" as const] };

describe("paymentRows", () => {
  it("after a deposit, what was paid and what is left add up in euros to the total quoted", () => {
    // €43.89 quoted (2,300.00 TL); €13.17 paid online (690.00 TL): €30.72 is left, not the €30.73 the lira left would give alone
    const due = amountDueOf({ status: "confirmed", total_price: kurus(230_000), amount_paid: kurus(69_000), currency: "EUR", currency_rate: EUR });
    const rows = Object.fromEntries(paymentRows(t, "en", { ...due, rate: EUR, cancelled: false }, terms));
    expect(rows["payment.paid"]).toBe("€13.17 (₺690.00)");
    expect(rows["payment.onArrival"]).toBe("€30.72 (₺1,610.00)");
  });

  it("while held: what is due now and on arrival add up to what is left", () => {
    const due = amountDueOf({ status: "pending", total_price: kurus(230_000), amount_paid: kurus(0), currency: "EUR", currency_rate: EUR });
    const rows = Object.fromEntries(paymentRows(t, "en", { ...due, rate: EUR, cancelled: false, held: { amount: kurus(69_000), until: "18:00" } }, terms));
    expect(rows["payment.onArrival"]).toBe("€30.72 (₺1,610.00)");
  });

  it("in lira, the lira left", () => {
    const due = amountDueOf({ status: "confirmed", total_price: kurus(230_000), amount_paid: kurus(69_000), currency: "TRY", currency_rate: null });
    expect(Object.fromEntries(paymentRows(t, "en", { ...due, rate: null, cancelled: false }, terms))["payment.onArrival"]).toBe("₺1,610.00");
  });
});
