import { parse } from 'csv-parse/sync';
import { formatCsvCell, formatCsvNumber, toCsvRecords } from './csv-cell';

describe('formatCsvNumber', () => {
  it.each([
    [42, '42'],
    [-7, '-7'],
    [0, '0'],
    [-0, '0'],
    [1234567, '1234567'],
    [2.5, '2.5'],
    [0.1 + 0.2, '0.3'],
    [1 / 3, '0.333333'],
    [-2 / 3, '-0.666667'],
    [1e-7, '0'],
    [-1e-7, '0'],
    [0.0000015, '0.000002'],
    [1e-6, '0.000001'],
    [123456789.123, '123456789.123'],
    [1e20, '100000000000000000000'],
    [1.5e21, '1500000000000000000000'],
  ])('writes %p as %s', (value, text) => {
    expect(formatCsvNumber(value)).toBe(text);
  });

  it('never uses exponent notation or grouping', () => {
    for (const v of [1e-5, 2.5e-4, 9.99e20, 3e25, 12345.678]) expect(formatCsvNumber(v)).toMatch(/^-?\d+(\.\d+)?$/);
  });

  it('leaves non-finite numbers empty', () => {
    expect(formatCsvNumber(NaN)).toBe('');
    expect(formatCsvNumber(Infinity)).toBe('');
  });
});

describe('formatCsvCell', () => {
  it('writes missing values as empty cells and booleans as words', () => {
    expect(formatCsvCell(null)).toBe('');
    expect(formatCsvCell(undefined)).toBe('');
    expect(formatCsvCell(true)).toBe('true');
    expect(formatCsvCell(false)).toBe('false');
  });

  it.each(['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('defuses the formula-like text %p', (text) => {
    expect(formatCsvCell(text)).toBe(`'${text}`);
  });

  it('leaves ordinary text, timestamps and negative numbers alone', () => {
    expect(formatCsvCell('1-2')).toBe('1-2');
    expect(formatCsvCell('2024-05-01T10:00:00.000Z')).toBe('2024-05-01T10:00:00.000Z');
    expect(formatCsvCell('a=b')).toBe('a=b');
    expect(formatCsvCell(-3.5)).toBe('-3.5');
  });
});

describe('toCsvRecords', () => {
  it('quotes per RFC 4180 and ends every record with CRLF', () => {
    const text = toCsvRecords([
      ['a', 'b,c', 'say "hi"', 'two\nlines', 'cr\ronly'],
      [1.5, null, true, '', -2],
    ]);
    expect(text).toBe('a,"b,c","say ""hi""","two\nlines","cr\ronly"\r\n1.5,,true,,-2\r\n');
    expect(parse(text)).toEqual([
      ['a', 'b,c', 'say "hi"', 'two\nlines', 'cr\ronly'],
      ['1.5', '', 'true', '', '-2'],
    ]);
  });

  it('writes nothing for no rows', () => {
    expect(toCsvRecords([])).toBe('');
  });
});
