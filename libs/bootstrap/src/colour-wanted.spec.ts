import { colourWanted } from './colour-wanted';

describe('colourWanted', () => {
  const tty = { isTTY: true };
  const pipe = { isTTY: false };

  it('colours a terminal and nothing else by default', () => {
    expect(colourWanted(tty, {})).toBe(true);
    expect(colourWanted(pipe, {})).toBe(false);
    expect(colourWanted({}, {})).toBe(false);
  });

  it('honours NO_COLOR (when not empty) over everything', () => {
    expect(colourWanted(tty, { NO_COLOR: '1' })).toBe(false);
    expect(colourWanted(tty, { NO_COLOR: '1', FORCE_COLOR: '1' })).toBe(false);
    expect(colourWanted(tty, { NO_COLOR: '' })).toBe(true);
  });

  it('honours FORCE_COLOR for pipes and files, and FORCE_COLOR=0 as off', () => {
    expect(colourWanted(pipe, { FORCE_COLOR: '1' })).toBe(true);
    expect(colourWanted(pipe, { FORCE_COLOR: '' })).toBe(true);
    expect(colourWanted(pipe, { FORCE_COLOR: '3' })).toBe(true);
    expect(colourWanted(tty, { FORCE_COLOR: '0' })).toBe(false);
    expect(colourWanted(tty, { FORCE_COLOR: 'false' })).toBe(false);
  });
});
