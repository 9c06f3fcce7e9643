import { terminalWidth } from './terminal-width';

describe('terminalWidth', () => {
  it("is a terminal's width", () => {
    expect(terminalWidth({ isTTY: true, columns: 100 }, {})).toBe(100);
  });

  it('is none when piped or redirected (whole tables, as in the files), unless COLUMNS asks for one', () => {
    expect(terminalWidth({ isTTY: false }, {})).toBeUndefined();
    expect(terminalWidth({ isTTY: false }, { COLUMNS: '80' })).toBe(80);
    expect(terminalWidth({ isTTY: false }, { COLUMNS: 'wide' })).toBeUndefined();
  });

  it('is never narrower than 20', () => {
    expect(terminalWidth({ isTTY: true, columns: 8 }, {})).toBe(20);
  });
});
