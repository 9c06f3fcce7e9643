import { reportOutPath } from './report-out-path';

describe('reportOutPath', () => {
  it('puts a bare file name in the results folder', () => {
    expect(reportOutPath('ab.html', '/data/bench-results')).toBe('/data/bench-results/ab.html');
  });

  it('takes a path with a folder in it as given, ./ included', () => {
    for (const out of ['./ab.html', 'reports/ab.html', '../ab.html', '/tmp/ab.html'])
      expect(reportOutPath(out, '/data/bench-results')).toBe(out);
  });
});
