// CSV as Excel opens it (issue 18, item 8): UTF-8 with a byte-order mark, so
// that Arabic names read right; CRLF line ends; every cell quoted when needed.
// A cell that a spreadsheet would take for a formula (=, +, -, @, or a tab or
// carriage return before one) is neutralised with a leading apostrophe, so a
// name typed as "=HYPERLINK(…)" stays text (CSV injection, OWASP). Spaces and
// invisible direction marks (which Arabic text often carries) before such a
// character do not hide it.

const FORMULA_START = /^[\s\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]*[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvDocument(rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
