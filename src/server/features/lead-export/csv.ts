/**
 * CSV as Excel and every spreadsheet read it: RFC 4180 (fields with a comma, quote, CR or LF are
 * quoted, quotes doubled, records end in CRLF), UTF-8 with a byte-order mark so Excel does not guess
 * a legacy code page, and every cell made inert against formula injection (OWASP "CSV Injection").
 */

export const UTF8_BOM = '\uFEFF';

// A spreadsheet treats a cell starting with one of these as a formula (or, for TAB and CR, may
// strip them and then see one). "-1" and "+1" lose nothing but their numeric type, which an export
// of answers typed by strangers can afford.
const FORMULA_START = /^[=+\-@\t\r]/;

/** The value with a leading apostrophe when a spreadsheet would run it as a formula. */
export const inertCell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

const NEEDS_QUOTES = /[",\r\n]/;

/** One field, inert and quoted when RFC 4180 requires it. */
export function csvField(value: string): string {
  const cell = inertCell(value);
  return NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** One record, CRLF-terminated. */
export const csvRecord = (values: readonly string[]): string => `${values.map(csvField).join(',')}\r\n`;
