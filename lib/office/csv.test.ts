import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv';

describe('the export’s CSV', () => {
  it('neutralises every cell a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("https://evil.example","Click")')).toBe(`"'=HYPERLINK(""https://evil.example"",""Click"")"`);
    expect(csvCell('+966501234567')).toBe("'+966501234567");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
    // Behind spaces or the invisible direction marks of Arabic text, a formula is still one.
    expect(csvCell(' =1+1')).toBe("' =1+1");
    expect(csvCell('\u200f=1+1')).toBe("'\u200f=1+1");
    expect(csvCell('\u2067@SUM(A1)\u2069')).toBe("'\u2067@SUM(A1)\u2069");
    // Text that only contains those characters later is left as it is.
    expect(csvCell('Aisha = Rahman')).toBe('Aisha = Rahman');
    expect(csvCell('HJ-1448-000001')).toBe('HJ-1448-000001');
  });

  it('quotes commas, quotes and line breaks; numbers stay numbers', () => {
    expect(csvCell('Rahman, Aisha')).toBe('"Rahman, Aisha"');
    expect(csvCell('say "labbaik"')).toBe('"say ""labbaik"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(-1500)).toBe('-1500');
    expect(csvCell(null)).toBe('');
  });

  it('starts with a byte-order mark so Excel reads Arabic, and ends lines with CRLF', () => {
    const text = csvDocument([['name'], ['عائشة رحمن']]);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toBe('\uFEFFname\r\nعائشة رحمن\r\n');
    expect(Buffer.from(text, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});
