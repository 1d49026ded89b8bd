/**
 * A strict RFC 4180 reader for tests (server and browser): quoted fields may hold commas, quotes
 * (doubled) and line breaks; records end in CRLF. It throws on what a lenient reader would
 * silently accept (a bare LF, a quote inside an unquoted field, a missing final CRLF), so a test
 * that parses an export also checks it is well formed. A leading UTF-8 BOM is reported, not kept.
 */
export interface ParsedCsv {
  bom: boolean;
  header: string[];
  rows: string[][];
  /** The rows as objects keyed by header (a duplicated header keeps its first column). */
  records: Array<Record<string, string>>;
}

export function parseCsv(input: string): ParsedCsv {
  const bom = input.startsWith('\uFEFF');
  const text = bom ? input.slice(1) : input;
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        if (i >= text.length) throw new Error('CSV: unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        field += text[i];
        i += 1;
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`CSV: quote inside an unquoted field at ${i}`);
        field += text[i];
        i += 1;
      }
    }
    record.push(field);
    if (text[i] === ',') {
      i += 1;
      continue;
    }
    if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
      continue;
    }
    throw new Error(`CSV: expected a comma or CRLF at ${i}, found ${JSON.stringify(text[i] ?? 'end of input')}`);
  }
  if (record.length > 0) throw new Error('CSV: the last record does not end in CRLF');
  const [header = [], ...rows] = records;
  for (const [n, row] of rows.entries()) {
    if (row.length !== header.length) throw new Error(`CSV: row ${n + 1} has ${row.length} fields, the header ${header.length}`);
  }
  const toRecord = (row: string[]) => {
    const out: Record<string, string> = {};
    header.forEach((name, j) => (out[name] ??= row[j]!));
    return out;
  };
  return { bom, header, rows, records: rows.map(toRecord) };
}
