import { describe, expect, it } from "vitest";
import { BOM, csvCell, csvFileName, csvRow, decimalComma, excelDateTime, istanbulParts } from "~/utils/csv";
import { parseExcelCsv } from "../setup/excel-csv";

describe("CSV cells", () => {
  it("neutralises cells a spreadsheet would run as formulas", () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell("+90 532 123 45 67")).toBe('"\t+90 532 123 45 67"'); // a phone: text without a visible apostrophe
    expect(csvCell("+49 (30) 1234-56")).toBe('"\t+49 (30) 1234-56"');
    expect(csvCell("+1+cmd")).toBe("'+1+cmd"); // not a phone: the apostrophe
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\rcmd")).toBe(`"'\rcmd"`);
    expect(csvCell("Çağrı Işık")).toBe("Çağrı Işık");
  });

  it("quotes separators, quotes and line breaks; empty for missing", () => {
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(12)).toBe("12");
    expect(csvRow(["a", 1, undefined])).toBe("a;1;\r\n");
  });

  it("names the file with the date in Istanbul", () => {
    expect(csvFileName("rezervasyonlar", new Date("2026-03-01T22:30:00Z"))).toBe("rezervasyonlar-2026-03-02.csv");
  });

  it("shows instants in Istanbul time", () => {
    expect(istanbulParts("2026-05-01T09:30:00.000Z")).toEqual({ date: "2026-05-01", time: "12:30" });
    expect(istanbulParts(null)).toBeUndefined();
    expect(istanbulParts("garbage")).toBeUndefined();
  });

  it("writes dates as GG.AA.YYYY SS:DD in Istanbul and amounts with a decimal comma", () => {
    expect(excelDateTime("2026-12-15T11:30:00.000Z")).toBe("15.12.2026 14:30");
    expect(excelDateTime("2026-12-31T21:15:00.000Z")).toBe("01.01.2027 00:15"); // after midnight in Istanbul
    expect(excelDateTime(null)).toBe("");
    expect(excelDateTime("garbage")).toBe("");
    expect(decimalComma(123450 / 100, 2)).toBe("1234,50");
    expect(decimalComma(1_234_567.8, 2)).toBe("1234567,80"); // no thousands separator
    expect(decimalComma(0, 2)).toBe("0,00");
    expect(decimalComma(45.25)).toBe("45,25");
    expect(decimalComma(45)).toBe("45");
  });

  it("reads back as Turkish Excel reads it: BOM, semicolons, quotes and line breaks kept", () => {
    const note = 'Bebek koltuğu; "iki" adet,\r\nkapıda karşılama';
    const file = BOM + csvRow(["Rezervasyon No", "Notlar", "Tutar (₺)", "Tarih"]) + csvRow(["VT-7K3Q9X", note, decimalComma(1234.5, 2), excelDateTime("2026-12-15T11:30:00Z")]) + csvRow(["=1+1", "", "0,00", ""]) + csvRow(["+90 532 123 45 67", "", "", ""]);
    expect(parseExcelCsv(file)).toEqual([
      ["Rezervasyon No", "Notlar", "Tutar (₺)", "Tarih"],
      ["VT-7K3Q9X", note, "1234,50", "15.12.2026 14:30"],
      ["'=1+1", "", "0,00", ""],
      ["\t+90 532 123 45 67", "", "", ""],
    ]);
    expect(() => parseExcelCsv(file.slice(1))).toThrow(/BOM/);
    // the reader itself fails on what Excel would split wrongly
    expect(() => parseExcelCsv(`${BOM}a;b\r\nc\r\n`)).toThrow(/cells/);
  });
});
