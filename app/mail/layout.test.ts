import { describe, expect, it } from "vitest";
import { officeAddress, renderMail } from "./layout";

describe("renderMail", () => {
  const content = {
    title: "Booking VT-7K3Q9X",
    paragraphs: ["Thank you, <Ayşe>."],
    details: [["Pickup", "Antalya Havalimanı (AYT)"]] as Array<[string, string]>,
    action: { label: "View booking", url: "https://example.com/b/abc?x=1&y=2" },
    footer: "Lykia VIP Transfer · +90 242 330 00 00",
  };

  it("writes a plain-text body with every part in order", () => {
    const { text } = renderMail(content);
    expect(text).toBe(
      "Booking VT-7K3Q9X\n\nThank you, <Ayşe>.\n\nPickup: Antalya Havalimanı (AYT)\n\nView booking: https://example.com/b/abc?x=1&y=2\n\n--\nLykia VIP Transfer · +90 242 330 00 00",
    );
  });

  it("escapes values in the HTML body", () => {
    const { html } = renderMail(content);
    expect(html).toContain("Thank you, &lt;Ayşe&gt;.");
    expect(html).toContain('href="https://example.com/b/abc?x=1&amp;y=2"');
    expect(html).not.toContain("<Ayşe>");
  });
});

describe("officeAddress", () => {
  it("prefers OFFICE_EMAIL and falls back to the settings' contact e-mail", () => {
    expect(officeAddress({ OFFICE_EMAIL: "ops@example.com" }, { contactEmail: "info@example.com" })).toBe("ops@example.com");
    expect(officeAddress({}, { contactEmail: "info@example.com" })).toBe("info@example.com");
  });
});
