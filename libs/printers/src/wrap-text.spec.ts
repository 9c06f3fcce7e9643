import { wrapText } from './wrap-text';

describe('wrapText', () => {
  it('breaks at spaces within the width, continuation lines hanging', () => {
    expect(wrapText('- one two three four five', 12, 2)).toBe('- one two\n  three four\n  five');
  });

  it('keeps short lines and existing line breaks, and cuts a word longer than a line', () => {
    expect(wrapText('short\nabcdefghijklmnop', 6)).toBe('short\nabcdef\nghijkl\nmnop');
  });

  it('leaves the text alone without a width', () => {
    const long = 'x '.repeat(200);
    expect(wrapText(long, undefined)).toBe(long);
  });

  it('never gives a line wider than the width', () => {
    const text =
      'gen core %: load generator CPU as a share of one core (! = saturated, the generator may be the limit). ' +
      'MB = 10^6 bytes. https://example.com/a-very-long-address-without-spaces-in-it';
    for (const width of [10, 20, 33, 80])
      for (const line of wrapText(text, width, 4).split('\n')) expect(line.length).toBeLessThanOrEqual(width);
  });
});

describe('wrapText on indented lines', () => {
  it("keeps a line's own indentation and hangs its continuation under it", () => {
    expect(wrapText('  notes: one two three', 14, 2)).toBe('  notes: one\n    two three');
  });
});
