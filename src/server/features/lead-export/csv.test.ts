import { describe, expect, it } from 'vitest';
import { csvField, csvRecord, inertCell, UTF8_BOM } from './csv.js';

describe('CSV fields', () => {
  it('are left alone when plain, unicode included', () => {
    expect(csvField('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvField('Zoë Müller 東京 🚀')).toBe('Zoë Müller 東京 🚀');
    expect(csvField('')).toBe('');
  });

  it('are quoted with doubled quotes when they hold a comma, a quote, CR or LF', () => {
    expect(csvField('Smith, John')).toBe('"Smith, John"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('are made inert when a spreadsheet would run them as a formula (OWASP)', () => {
    for (const [input, output] of [
      ['=1+1', "'=1+1"],
      ['+1', "'+1"],
      ['-1', "'-1"],
      ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
      ['\tcmd', "'\tcmd"],
      ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ]) {
      expect(csvField(input!), input).toBe(output);
    }
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    expect(inertCell('a=1')).toBe('a=1');
    expect(inertCell('1-1')).toBe('1-1');
    expect(inertCell('ada@example.com')).toBe('ada@example.com');
  });
});

describe('CSV records', () => {
  it('are joined by commas and end in CRLF', () => {
    expect(csvRecord(['a', 'b,c', '-2'])).toBe(`a,"b,c",'-2\r\n`);
    expect(csvRecord([])).toBe('\r\n');
  });

  it('start files with the UTF-8 byte-order mark Excel looks for', () => {
    expect(Buffer.from(UTF8_BOM, 'utf8')).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});
