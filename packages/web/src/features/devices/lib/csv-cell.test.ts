import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv-cell';

describe('csvCell', () => {
  it('keeps plain text and numbers as they are, and leaves absent values empty', () => {
    expect(csvCell('Tank level 14')).toBe('Tank level 14');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+351 912', "'+351 912"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ["\r=cmd|'/c calc'!A0", `"'\r=cmd|'/c calc'!A0"`],
  ])('defuses %s so a spreadsheet does not run it', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leaves the formula characters alone inside the text', () => {
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('quotes cells with commas, quotes and line breaks', () => {
    expect(csvCell('Porto, plant')).toBe('"Porto, plant"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });
});

describe('csvLine', () => {
  it('joins the cells with commas and ends with CRLF', () => {
    expect(csvLine(['a', '=b', null, 3])).toBe("a,'=b,,3\r\n");
  });
});
