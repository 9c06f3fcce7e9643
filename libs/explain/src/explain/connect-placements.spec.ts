import { connectTable, printMarkdown, printTable } from '@app/printers';
import { connectCase, connectPresetRun, connectRun } from '../fixtures/connect-results';
import { SAMPLE_RUN } from '../fixtures/sample-run';
import { connectPlacements } from './connect-placements';
import { connectSentence } from './connect-sentences';

describe('connectPlacements', () => {
  it('places each connect variant against json and grpc of the same case, with the ratios and their intervals', () => {
    const p = connectPlacements(connectPresetRun())!;
    expect(
      p.rows.map((r) => [r.caseName, r.variant, r.vsJson?.medianRatio.toFixed(2), r.vsGrpc?.medianRatio.toFixed(2)]),
    ).toEqual([
      ['2-3', 'connect-proto', '0.42', '0.70'],
      ['2-3', 'connect-h2', '0.61', '1.02'],
      ['1-2', 'connect-proto', '1.90', undefined],
      ['1-2', 'connect-json', '2.00', undefined],
    ]);
    const proto = p.rows[0].vsGrpc!;
    // The interval holds the ratio of the medians and, with 1% spreads, lies wholly below 1.
    expect(proto.ratioCi!.low).toBeLessThan(0.7);
    expect(proto.ratioCi!.high).toBeGreaterThan(0.7);
    expect(proto.ratioCi!.high).toBeLessThan(1);
    expect(proto.differences).toEqual([
      'HTTP/1.1 keep-alive sockets against one HTTP/2 connection',
      'the Connect protocol against the gRPC protocol',
      'protobuf-es against proto-loader as serializer',
    ]);
    expect(p.rows[2].vsJson!.differences).toEqual([
      'the Connect protocol against plain HTTP',
      'binary protobuf (protobuf-es) against JSON (json-stringify)',
    ]);
  });

  it('ends each ratio with the verdict phrase every sentence uses, then what differs on the wire', () => {
    const [proto, h2, few, json] = connectPlacements(connectPresetRun())!.sentences;
    const ci = (r: { ratioCi: { low: number; high: number } | null }) =>
      `95% CI ${r.ratioCi!.low.toFixed(2)}–${r.ratioCi!.high.toFixed(2)}`;
    const rows = connectPlacements(connectPresetRun())!.rows;
    expect(proto).toBe(
      `2-3 (1,000 parallel requests of 1 row): connect-proto took 0.70× grpc's time ` +
        `(${ci(rows[0].vsGrpc!)}): connect-proto is faster; what differs on the wire: ` +
        'HTTP/1.1 keep-alive sockets against one HTTP/2 connection, the Connect protocol against the gRPC ' +
        'protocol, protobuf-es against proto-loader as serializer. ' +
        `Against json it took 0.42× json's time ` +
        `(${ci(rows[0].vsJson!)}): connect-proto is faster; what differs on the wire: the Connect protocol ` +
        `against plain HTTP, binary protobuf (protobuf-es) against JSON (json-stringify).`,
    );
    expect(h2).toContain(
      `connect-h2 took 1.02× grpc's time (${ci(rows[1].vsGrpc!)}): the runs cannot tell them apart. Against json`,
    );
    expect(few).toBe(
      `1-2 (one request of 10,000 rows): connect-proto took 1.90× json's time ` +
        `(${ci(rows[2].vsJson!)}): no verdict (2 runs a side cannot tell these apart; use --runs 5 or more).`,
    );
    expect(json).toContain("connect-json took 2.00× json's time");
    expect(json).toContain(
      'json is faster; what differs on the wire: the Connect protocol against plain HTTP, protobuf-es against ' +
        'json-stringify as serializer.',
    );
  });

  it(
    'tabulates case × variant: ratio to json and to grpc, each with its interval and verdict, blank where a ' +
      'side is missing',
    () => {
      const p = connectPlacements(connectPresetRun())!;
      const t = connectTable(p);
      expect(t.head).toEqual([
        'case',
        'variant',
        'median ms',
        '/ json',
        'json ratio 95% CI',
        'vs json',
        '/ grpc',
        'grpc ratio 95% CI',
        'vs grpc',
      ]);
      const ci = (r: { ratioCi: { low: number; high: number } | null }) =>
        `${r.ratioCi!.low.toFixed(2)}–${r.ratioCi!.high.toFixed(2)}`;
      expect(t.rows[0]).toEqual([
        '2-3 (1,000 × 1)',
        'connect-proto',
        '210.00',
        '0.42',
        ci(p.rows[0].vsJson!),
        'faster',
        '0.70',
        ci(p.rows[0].vsGrpc!),
        'faster',
      ]);
      expect(t.rows[1].slice(6)).toEqual(['1.02', ci(p.rows[1].vsGrpc!), 'cannot tell']);
      expect(t.rows[2]).toEqual([
        '1-2 (10,000 rows)',
        'connect-proto',
        '95.00',
        '1.90',
        ci(p.rows[2].vsJson!),
        'too few runs',
        '',
        '',
        '',
      ]);
      expect(t.rows[3][5]).toBe('slower');
    },
  );

  it('adds a section to summary.md and the terminal tables only when a connect variant ran beside json or grpc', () => {
    const md = printMarkdown(connectPresetRun());
    expect(md).toContain('## Connect against JSON and gRPC');
    // The preset runs the article's cases under its names: its table is compared with the article's too.
    expect(md).toContain('## Compared with the article');
    expect(md).toContain('| 2-3 (1,000 × 1) | connect-proto | 210.00 | 0.42 |');
    expect(md).toContain("- 2-3 (1,000 parallel requests of 1 row): connect-proto took 0.70× grpc's time");
    // Before the results table, as the other verdict sections are.
    expect(md.indexOf('## Connect against JSON and gRPC')).toBeLessThan(md.indexOf('## Results'));
    expect(printTable(connectPresetRun())).toContain('Connect against JSON and gRPC:');
    expect(
      printTable(connectPresetRun(), 80)
        .split('\n')
        .every((line) => line.length <= 80),
    ).toBe(true);

    expect(connectPlacements(SAMPLE_RUN)).toBeNull();
    for (const text of [printMarkdown(SAMPLE_RUN), printTable(SAMPLE_RUN), printTable(SAMPLE_RUN, 80)])
      expect(text).not.toMatch(/Connect against|connect-/);
    // Connect variants alone (--variants connect-proto,connect-json): nothing to place them against.
    const alone = connectRun(
      connectCase('1-1', { mode: 'single', rows: 1, requests: 1 }, { 'connect-proto': 3, 'connect-json': 4 }),
    );
    expect(connectPlacements(alone)).toBeNull();
    expect(printMarkdown(alone)).not.toContain('Connect against');
  });

  it(
    'lists no wire factor it does not know: a side without traits gets no clause, one that differs in none ' +
      'says so',
    () => {
      const row = connectPlacements(connectPresetRun())!.rows[0];
      const vsGrpc = row.vsGrpc!;
      const only = { ...row, vsJson: null };
      expect(connectSentence({ ...only, vsGrpc: { ...vsGrpc, differences: null } })).toMatch(
        /: connect-proto is faster\.$/,
      );
      expect(connectSentence({ ...only, vsGrpc: { ...vsGrpc, differences: [] } })).toMatch(
        /: connect-proto is faster; the two differ on the wire only in their libraries\.$/,
      );
    },
  );
});
