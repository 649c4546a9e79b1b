import { describe, expect, it } from "vitest";
import { csvCell, csvFileName, csvRow, istanbulParts } from "~/booking/csv";

describe("CSV cells", () => {
  it("neutralises cells a spreadsheet would run as formulas", () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell("+90 532")).toBe("'+90 532");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\rcmd")).toBe(`"'\rcmd"`);
    expect(csvCell("Çağrı Işık")).toBe("Çağrı Işık");
  });

  it("quotes separators, quotes and line breaks; empty for missing", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(12)).toBe("12");
    expect(csvRow(["a", 1, undefined])).toBe("a,1,\r\n");
  });

  it("names the file with the date in Istanbul", () => {
    expect(csvFileName("rezervasyonlar", new Date("2026-03-01T22:30:00Z"))).toBe("rezervasyonlar-2026-03-02.csv");
  });

  it("shows instants in Istanbul time", () => {
    expect(istanbulParts("2026-05-01T09:30:00.000Z")).toEqual({ date: "2026-05-01", time: "12:30" });
    expect(istanbulParts(null)).toBeUndefined();
    expect(istanbulParts("garbage")).toBeUndefined();
  });
});
