import { missingEnginePrograms } from './engine-programs';

describe('missingEnginePrograms', () => {
  const saved = { GHZ_BIN: process.env.GHZ_BIN, H2LOAD_BIN: process.env.H2LOAD_BIN };
  afterEach(() => {
    for (const [name, value] of Object.entries(saved))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });

  it("asks nothing of the project's own generators", () => {
    expect(missingEnginePrograms(['wirebench'])).toEqual([]);
  });

  it('names each outside program that cannot be run, with how to install it, in engine order', () => {
    process.env.GHZ_BIN = '/nonexistent/ghz';
    process.env.H2LOAD_BIN = '/nonexistent/h2load';
    const lines = missingEnginePrograms(['h2load', 'wirebench', 'ghz']);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^ghz not found: install it with "go install github.com\/bojand\/ghz/);
    expect(lines[1]).toMatch(/^h2load not found: install Debian's nghttp2-client .*H2LOAD_BIN/);
  });

  it('finds a program where its variable points', () => {
    process.env.H2LOAD_BIN = process.execPath;
    expect(missingEnginePrograms(['h2load'])).toEqual([]);
  });
});
