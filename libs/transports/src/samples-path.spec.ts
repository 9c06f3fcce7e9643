import { samplesPath } from './samples-path';

describe('samplesPath', () => {
  it("leaves the article row's paths as they were: no shape parameter", () => {
    expect(samplesPath(10, 'row')).toBe('/samples/10');
    expect(samplesPath(10, 'row', 100)).toBe('/samples/10/stream?chunk=100');
  });

  it('names any other shape', () => {
    expect(samplesPath(10, 'numeric')).toBe('/samples/10?shape=numeric');
    expect(samplesPath(10, 'binary', 5)).toBe('/samples/10/stream?chunk=5&shape=binary');
  });

  it('names a JSON serializer when one is asked for', () => {
    expect(samplesPath(10, 'row', undefined, 'fast-json-stringify')).toBe('/samples/10?serializer=fast-json-stringify');
    expect(samplesPath(10, 'nested', undefined, 'fast-json-stringify')).toBe(
      '/samples/10?shape=nested&serializer=fast-json-stringify',
    );
  });
});
