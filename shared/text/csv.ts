// CSV text (RFC 4180) that is safe to open in a spreadsheet: fields are quoted when needed, and a text
// cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) gets a leading
// apostrophe (OWASP "CSV injection"). Plain numbers, negative ones included, stay numbers.
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?$/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows → CSV with CRLF line ends and a UTF-8 byte-order mark, so spreadsheets read Chinese correctly. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
