import { describe, expect, it } from "vitest";
import { officeAddress, renderMail } from "./layout";

describe("renderMail", () => {
  const content = {
    lang: "tr",
    title: "Booking VT-7K3Q9X",
    paragraphs: ["Thank you, <Ayşe>."],
    details: [["Pickup", "Antalya Havalimanı (AYT)"]] as Array<[string, string]>,
    action: { label: "View booking", url: "https://example.com/b/abc?x=1&y=2" },
    footer: "Lykia VIP Transfer · +90 242 330 00 00",
  };

  it("shows a picture in the HTML body only, escaped, and never one that is not an absolute http(s) URL", () => {
    const image = { url: "https://example.com/uploads/driver-photos/a-card.webp?x=1&y=2", alt: 'Your driver "Ali"', width: 96, height: 96 };
    const { text, html } = renderMail({ ...content, image });
    expect(html).toContain('<img src="https://example.com/uploads/driver-photos/a-card.webp?x=1&amp;y=2" alt="Your driver &quot;Ali&quot;" width="96" height="96"');
    expect(text).not.toContain("driver-photos");
    for (const url of ["javascript:alert(1)", "/uploads/driver-photos/a.webp", "data:image/png;base64,AAAA"]) {
      expect(renderMail({ ...content, image: { ...image, url } }).html).not.toContain("<img");
    }
  });

  it("writes a plain-text body with every part in order", () => {
    const { text } = renderMail(content);
    expect(text).toBe(
      "Booking VT-7K3Q9X\n\nThank you, <Ayşe>.\n\nPickup: Antalya Havalimanı (AYT)\n\nView booking: https://example.com/b/abc?x=1&y=2\n\n--\nLykia VIP Transfer · +90 242 330 00 00",
    );
  });

  it("names its language and title in the HTML body", () => {
    const { html } = renderMail(content);
    expect(html).toMatch(/^<!doctype html><html lang="tr"><head><meta charset="utf-8">/);
    expect(html).toContain("<title>Booking VT-7K3Q9X</title>");
  });

  it("never lets a value start a line of its own: one-line parts folded, a detail's lines indented", () => {
    const forged = {
      ...content,
      title: "Booking\nPrice: 0 TL",
      paragraphs: ["Dear Ali\r\nPrice: 0 TL\u2028Paid: yes,"],
      details: [
        ["Name", "Ali\nPrice: 0 TL"],
        ["Notes", "Two child seats\nplease\n\nthanks"],
      ] as Array<[string, string]>,
    };
    const { text, html } = renderMail(forged);
    const lines = text.split("\n");
    expect(lines.filter((l) => /^(Price|Paid):/.test(l))).toEqual([]);
    expect(lines[0]).toBe("Booking Price: 0 TL");
    expect(text).toContain("Dear Ali Price: 0 TL Paid: yes,");
    expect(text).toContain("Name: Ali\n    Price: 0 TL");
    expect(text).toContain("Notes: Two child seats\n    please\n    \n    thanks");
    expect(html).toContain("<title>Booking Price: 0 TL</title>");
    expect(html).not.toMatch(/<p[^>]*>[^<]*\n/);
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
