/**
 * Reads a CSV the way Excel set to Turkish opens it: a UTF-8 byte-order mark first (or the
 * letters come out garbled), `;` as the list separator, double quotes around a cell that holds a
 * separator, a quote ("" inside) or a line break, rows ending in CRLF. Throws on what Excel would
 * split wrongly, so a test fails instead of reading a shifted column.
 */
export function parseExcelCsv(text: string): string[][] {
  if (!text.startsWith("\uFEFF")) throw new Error("no UTF-8 BOM: Excel would not read the file as UTF-8");
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let i = 1;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') {
        quoted = false;
        i++;
        if (i < text.length && text[i] !== ";" && text[i] !== "\r") throw new Error(`text after a closing quote at ${i}`);
        continue;
      }
      cell += ch;
      i++;
      continue;
    }
    if (ch === '"' && cell === "") {
      quoted = true;
      i++;
    } else if (ch === ";") {
      row.push(cell);
      cell = "";
      i++;
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i += 2;
    } else if (ch === "\n" || ch === "\r") {
      throw new Error(`a bare line break outside quotes at ${i}: rows must end in CRLF`);
    } else {
      cell += ch;
      i++;
    }
  }
  if (quoted) throw new Error("unterminated quote");
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  const width = rows[0]?.length ?? 0;
  rows.forEach((r, n) => {
    if (r.length !== width) throw new Error(`row ${n} has ${r.length} cells, the header ${width}`);
  });
  return rows;
}
