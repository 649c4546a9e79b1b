import { describe, expect, it } from "vitest";
import { addressOf, DEFAULT_MAIL_FROM, mailSetupGaps, replyAddress } from "./sender";

describe("mail sender and Reply-To", () => {
  it("names what keeps a guest's reply from reaching the office", () => {
    expect(mailSetupGaps(DEFAULT_MAIL_FROM, "info@lykiavip.com.tr")).toEqual(["mailFrom"]);
    expect(mailSetupGaps("Lykia VIP <booking@localhost>", "info@lykiavip.com.tr")).toEqual(["mailFrom"]);
    expect(mailSetupGaps("Lykia VIP <booking@lykiavip.com.tr>", "")).toEqual(["replyTo"]);
    expect(mailSetupGaps("booking@lykiavip.com.tr", "info@lykiavip.com.tr")).toEqual([]);
    expect(mailSetupGaps("not an address", "office@localhost")).toEqual(["mailFrom", "replyTo"]);
  });

  it("reads the address of a sender and a Reply-To only when it can be answered", () => {
    expect(addressOf("Lykia VIP <booking@lykiavip.com.tr>")).toBe("booking@lykiavip.com.tr");
    expect(addressOf(" booking@lykiavip.com.tr ")).toBe("booking@lykiavip.com.tr");
    expect(replyAddress(" info@lykiavip.com.tr ")).toBe("info@lykiavip.com.tr");
    expect(replyAddress("")).toBeUndefined();
    expect(replyAddress("office@localhost")).toBeUndefined();
  });
});
