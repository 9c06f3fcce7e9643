import { FORMULA_NAME, SAMPLE_RUN } from '@app/explain';
import { ARTICLE_REFERENCE } from './article-reference';
import { printMarkdown } from './markdown.printer';

const tableRows = (text: string, firstHead: string): string[] => {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`| ${firstHead} |`));
  const end = lines.findIndex((l, i) => i > start && !l.startsWith('|'));
  return lines.slice(start, end === -1 ? undefined : end);
};

describe('printMarkdown', () => {
  const text = printMarkdown(SAMPLE_RUN);

  it('opens with the preset, label, date and machine', () => {
    expect(text.split('\n')[0]).toBe('# wirebench results: article preset');
    expect(text).toContain('- **Label:** laptop, "quiet" run');
    expect(text).toContain('- **Date:** 2024-05-01T10:00:00.000Z to 2024-05-01T10:03:00.000Z (UTC)');
    expect(text).toContain('- **Machine:** Test CPU 3000, 8 cores, Node v20.19.0, linux 6.8.0 x64');
    expect(text).not.toContain('**Invocations:**');
    expect(printMarkdown({ ...SAMPLE_RUN, invocations: 2 })).toContain(
      '- **Invocations:** 2, each in fresh server and client processes; intervals from a two-level bootstrap',
    );
  });

  it('puts the article comparison first for the article preset, one row per article case', () => {
    expect(text.indexOf('## Compared with the article')).toBeLessThan(text.indexOf('## Results'));
    const rows = tableRows(text, 'case');
    expect(rows[0]).toBe(
      '| case | rows per request | requests | JSON median ms | gRPC median ms | gRPC/JSON | article JSON ms | ' +
        'article gRPC ms | article gRPC/JSON |',
    );
    expect(rows).toHaveLength(2 + ARTICLE_REFERENCE.length);
    expect(rows[2]).toBe('| 1-1 | 1 | 1 | 2.95 | 2.80 | 0.95 | 2.94 | 2.83 | 0.96 |');
    expect(rows[3]).toBe('| 1-2 | 10,000 | 1 | 47.90 | 95.00 | 1.98 | 47.22 | 94.66 | 2.00 |');
    expect(rows[4]).toBe('| 1-3 | 1,000,000 | 1 |  |  |  | 5,177 | 12,076 | 2.33 |');
    expect(rows[8]).toBe('| extra | 20,000 | 4 parallel |  |  |  | 220.7 | 700.9 | 3.18 |');
  });

  it('says when a case ran with other sizes than the article', () => {
    const smaller = {
      ...SAMPLE_RUN,
      scenarios: SAMPLE_RUN.scenarios.map((s) => (s.name === '1-2' ? { ...s, rowsPerRequest: 1000 } : s)),
    };
    expect(tableRows(printMarkdown(smaller), 'case')[3]).toMatch(/^\| 1-2 \| 10,000 \(ran 1,000\) \| 1 \|/);
  });

  it('leaves the article table out for other presets', () => {
    const quick = printMarkdown({ ...SAMPLE_RUN, preset: 'quick' });
    expect(quick).not.toContain('Compared with the article');
    expect(quick).not.toContain('article JSON ms');
    expect(quick.split('\n')[0]).toBe('# wirebench results: quick preset');
  });

  it('lists every result with the table columns, escaping pipes', () => {
    const rows = tableRows(text, 'scenario');
    expect(rows).toHaveLength(2 + SAMPLE_RUN.scenarios.length);
    expect(rows[1]).toMatch(/^\| --- \| --- \| --- \| ---: \|/);
    expect(rows[3]).toBe(
      '| 1-1 | grpc | row | 1 | 1 | 1 | 2.80 | 2.70–2.85 (75%) | 2.85 | 2.7 |  | 357 | 45 |  | 1.300 | 0.700 ' +
        '| 90.0 | 0.95 | yes |',
    );
    expect(rows[6].startsWith(`| ${FORMULA_NAME.replace('|', '\\|').replace('!', '\\!')} | grpc |`)).toBe(true);
    // Same number of unescaped separators as the header: the name's pipe did not add a column.
    const separators = (line: string) => line.replace(/\\\|/g, '').split('|').length;
    expect(separators(rows[6])).toBe(separators(rows[0]));
  });

  it('notes a run that did not complete', () => {
    const failed = printMarkdown({ ...SAMPLE_RUN, endReason: 'failed', error: 'json-server refused', endedAt: null });
    expect(failed).toContain('- **Ended:** failed (json-server refused)');
    expect(failed).toContain('to not ended (UTC)');
  });

  it('shows a label and an error as typed: no tag, link or heading of theirs is rendered', () => {
    const label = '<script>alert(1)</script> **x** [a](http://e) ![i](http://e/i.png)\n# h | x';
    const text = printMarkdown({
      ...SAMPLE_RUN,
      label,
      endReason: 'failed',
      error: 'HTTP 502 <b>bad</b>\n| a |',
      endedAt: null,
    });
    expect(text).toContain(
      '- **Label:** \\<script\\>alert(1)\\</script\\> \\*\\*x\\*\\* \\[a\\](http://e) ' +
        '\\!\\[i\\](http://e/i.png) \\# h \\| x\n',
    );
    expect(text).toContain('- **Ended:** failed (HTTP 502 \\<b\\>bad\\</b\\> \\| a \\|)');
    // Nothing a viewer would take for a tag or a new line of the report.
    expect(text).not.toMatch(/(^|[^\\])<(script|b)>/);
    expect(text.split('\n').filter((l) => l.startsWith('# '))).toEqual(['# wirebench results: article preset']);
  });
});

describe('printMarkdown sections', () => {
  it(
    'ends with where the time went: the median run cut into parts that add up to it, empty cells for a ' +
      'result without',
    () => {
      const text = printMarkdown(SAMPLE_RUN);
      const rows = tableRows(text.slice(text.indexOf('## Where the time went')), 'scenario');
      expect(rows[0]).toBe(
        '| scenario | variant | median ms | queue | generate | serialize | ser µs/row | compress | wait | ' +
          'transfer | decompress | decode | dec µs/row | other | unattributed | (overlap) |',
      );
      expect(rows).toHaveLength(2 + SAMPLE_RUN.scenarios.length);
      // The median run took 2.95 ms, its one request 2.90 of them: the 0.05 ms after it is unattributed, not lost.
      expect(rows[2]).toBe(
        '| 1-1 | json | 2.95 | 0.00 | 0.01 | 0.02 | 20.00 | 0.00 | 2.07 | 0.10 | 0.00 | 0.05 | 50.00 | 0.65 | ' +
          '0.05 | 0.00 |',
      );
      expect(rows[3]).toBe('| 1-1 | grpc |  |  |  |  |  |  |  |  |  |  |  |  |  |  |');
      expect(text).toContain('They add up to median ms.');
    },
  );

  it('has no breakdown section for a run without phases (files written before phases existed)', () => {
    const old = printMarkdown({
      ...SAMPLE_RUN,
      scenarios: SAMPLE_RUN.scenarios.map((r) => ({
        ...r,
        phases: null,
        runs: r.runs.map((s) => ({ ...s, phases: null })),
      })),
    });
    expect(old).not.toContain('Where the time went');
  });
});
