import { samplesPath } from './samples-path';

describe('samplesPath', () => {
  it('leaves the article row\'s paths as they were: no shape parameter', () => {
    expect(samplesPath(10, 'row')).toBe('/samples/10');
    expect(samplesPath(10, 'row', 100)).toBe('/samples/10/stream?chunk=100');
  });

  it('names any other shape', () => {
    expect(samplesPath(10, 'numeric')).toBe('/samples/10?shape=numeric');
    expect(samplesPath(10, 'binary', 5)).toBe('/samples/10/stream?chunk=5&shape=binary');
  });
});
