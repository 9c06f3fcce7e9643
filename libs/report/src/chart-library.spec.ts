import { chartLibrarySource, chartLibraryVersion } from './chart-library';

describe('chartLibrarySource', () => {
  it('is the UMD build, safe to inline in a <script> element', () => {
    const source = chartLibrarySource();
    expect(source.length).toBeGreaterThan(100_000);
    expect(source).toMatch(/Chart/);
    expect(source.toLowerCase()).not.toContain('</script');
    expect(chartLibraryVersion()).toMatch(/^4\./);
  });
});
