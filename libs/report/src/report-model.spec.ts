import { batchingGroups, BATCHING_NOTE, human } from '@app/printers';
import { type BenchRun, type ScenarioResult } from '@app/bench';
import type { BarChartSpec, ChartSpec, LineChartSpec, ScatterChartSpec } from './chart-spec.interface';
import {
  BATCHING_CASES,
  benchRun,
  FULL_CASES,
  LOAD_CONCURRENCY,
  LOAD_RPS,
  loadRun,
  OUTLIER,
  QUICK_CASES,
} from './fixtures/report-runs';
import { reportModel } from './report-model';

const charts = (model: ReturnType<typeof reportModel>): ChartSpec[] => model.sections.flatMap((s) => s.charts);
const chart = <T extends ChartSpec>(model: ReturnType<typeof reportModel>, id: string) =>
  charts(model).find((c) => c.id === id) as T;
const leftOut = (model: ReturnType<typeof reportModel>) => model.sections.flatMap((s) => s.leftOut.map((l) => l.title));

describe('reportModel of a full bench run', () => {
  const run = benchRun();
  const model = reportModel([run]);

  it('draws every bench chart and leaves nothing out', () => {
    // The article's comparison before the run's own figures, as in summary.md and the terminal: the registry's order.
    expect(charts(model).map((c) => c.id)).toEqual([
      'article-ratio',
      'time-vs-rows',
      'time-vs-parallel',
      'time-vs-concurrency',
      'runs-over-time',
      'wire-bytes',
      'client-cpu',
      'server-cpu',
      'client-rss',
      'server-rss',
    ]);
    // Its results carry no phases, as files written before phases existed: no heading for them at all.
    expect(model.sections.map((s) => s.title)).toEqual(['Compared with the article', 'Time', 'Cost per request']);
    expect(leftOut(model)).toEqual([]);
  });

  it(
    'rows: a line per variant, one point per size (the first scenario at a size), medians with p90/p99, log ' +
      'axes with units',
    () => {
      const rows = chart<LineChartSpec>(model, 'time-vs-rows');
      expect(rows.series.map((s) => s.label)).toEqual(['json', 'grpc']);
      expect(rows.x).toEqual({ title: 'rows per request (log)', log: true });
      expect(rows.y.title).toMatch(/\(ms, log\)/);
      const json = rows.series[0];
      expect(json.points.map((p) => p.x)).toEqual(
        [1, 100, 1000, 10_000, 100_000, 1_000_000].flatMap((x) => (x === 100 ? [10, 100] : [x])),
      );
      const first = run.scenarios.find((r) => r.name === '1-1' && r.variant === 'json')!;
      expect(json.points[0]).toMatchObject({
        x: 1,
        y: first.stats.medianMs,
        p90: first.stats.p90Ms,
        p99: first.stats.p99Ms,
        note: '1-1',
      });
      expect(rows.table.rows[0]).toEqual([
        'json',
        '1',
        '1-1',
        human(first.stats.medianMs, 2),
        human(first.stats.p90Ms, 2),
        human(first.stats.p99Ms, 2),
        '5',
      ]);
    },
  );

  it(
    'marks where json overtakes grpc (gRPC is faster below about 60 rows in the fixture), and says so under ' +
      'the table',
    () => {
      const rows = chart<LineChartSpec>(model, 'time-vs-rows');
      expect(rows.crossovers).toHaveLength(1);
      expect(rows.crossovers[0].text).toBe('json overtakes grpc');
      expect(rows.crossovers[0].x).toBeGreaterThan(10);
      expect(rows.crossovers[0].x).toBeLessThan(1000);
      expect(rows.notes[0]).toMatch(/^Crossover: json overtakes grpc at about \d+ \(rows\/req\)/);
    },
  );

  it('parallel: lines split by concurrency cap; concurrency: a line per batch size run under two caps', () => {
    const parallel = chart<LineChartSpec>(model, 'time-vs-parallel');
    expect(parallel.series.map((s) => s.label)).toEqual([
      'json, 1 row, all at once',
      'grpc, 1 row, all at once',
      'json, 1 row, cap 100',
      'grpc, 1 row, cap 100',
    ]);
    expect(parallel.series[0].points.map((p) => p.x)).toEqual([1, 10, 100, 1000, 10_000]);
    const concurrency = chart<LineChartSpec>(model, 'time-vs-concurrency');
    expect(concurrency.series.map((s) => s.label)).toEqual([
      'json, 1,000 requests of 1 row',
      'grpc, 1,000 requests of 1 row',
      'json, 10,000 requests of 1 row',
      'grpc, 10,000 requests of 1 row',
    ]);
    expect(concurrency.series[0].points.map((p) => p.x)).toEqual([100, 1000]);
  });

  it('scatter: every measured run at its start time, the outlier flagged and named', () => {
    const scatter = chart<ScatterChartSpec>(model, 'runs-over-time');
    expect(scatter.series.flatMap((s) => s.points)).toHaveLength(FULL_CASES.length * 2 * 5);
    expect(scatter.series[0].points[0].x).toBe(0);
    const flagged = scatter.series.flatMap((s) => s.points.filter((p) => p.flag));
    expect(flagged.map((p) => p.note)).toEqual([`${OUTLIER.name}, run ${OUTLIER.run}`]);
    expect(scatter.notes).toHaveLength(1);
  });

  it('bars: scenarios along x, a dataset per variant, the table holding the same figures', () => {
    const wire = chart<BarChartSpec>(model, 'wire-bytes');
    expect(wire.categories).toHaveLength(FULL_CASES.length);
    expect(wire.datasets.map((d) => d.label)).toEqual(['json', 'grpc']);
    expect(wire.y.log).toBe(true);
    const json11 = run.scenarios.find((r) => r.name === '1-1' && r.variant === 'json')!;
    expect(wire.datasets[0].values[0]).toBe(json11.wire!.bytesPerRequest);
    expect(wire.table.rows[0]).toEqual([
      '1-1',
      human(json11.wire!.bytesPerRequest),
      human(run.scenarios[1].wire!.bytesPerRequest),
    ]);
    expect(chart<BarChartSpec>(model, 'server-rss').y.title).toMatch(/MB/);
  });

  it('article: gRPC/JSON per case for this machine and the article, with the article table beside', () => {
    const article = chart<BarChartSpec>(model, 'article-ratio');
    expect(article.categories).toEqual(['1-1', '1-2', '1-3', '2-1', '2-2', '2-3', 'extra']);
    expect(article.datasets.map((d) => d.label)).toEqual(['this machine', 'article (2022 laptop)']);
    expect(article.datasets[1].values[1]).toBeCloseTo(94.66 / 47.22, 10);
    expect(article.table.head).toContain('article gRPC/JSON');
    expect(article.table.rows[1].slice(-3)).toEqual(['47.22', '94.66', '2.00']);
  });

  it('context: label, machine, versions, commit, and the options as recorded', () => {
    const facts = Object.fromEntries(model.runs[0].facts);
    expect(facts.label).toBe(run.label);
    expect(facts.machine).toMatch(/Test CPU 3000, 2 cores/);
    expect(facts.versions).toMatch(/Node v20\.19\.0.*@grpc\/grpc-js 1\.14\.7/);
    expect(facts.commit).toBe(run.environment.gitCommit);
    expect(JSON.parse(model.runs[0].options)).toEqual(run.options);
  });
});

describe('reportModel when data is missing', () => {
  it('leaves out the sweeps of a run without them, with a reason, and draws the rest', () => {
    const quick = benchRun({ cases: [{ name: 'single-1', mode: 'single', rows: 1, requests: 1 }], runs: 3 });
    const model = reportModel([quick]);
    expect(charts(model).map((c) => c.id)).toEqual([
      'runs-over-time',
      'wire-bytes',
      'client-cpu',
      'server-cpu',
      'client-rss',
      'server-rss',
    ]);
    // Within a section that draws something, a chart left out is named with why; a section with nothing is left out
    // whole.
    expect(leftOut(model)).toEqual([
      'Median time vs rows per request',
      'Median time vs parallel requests',
      'Median time vs concurrency cap',
    ]);
    expect(model.sections.map((s) => s.title)).toEqual(['Time', 'Cost per request']);
  });

  it(
    'leaves out resource charts whose figures are all missing, and everything for a run that has not ' + 'measured yet',
    () => {
      const run = benchRun({ runs: 3 });
      const bare: BenchRun = {
        ...run,
        scenarios: run.scenarios.map((r) => ({
          ...r,
          wire: null,
          resources: { ...r.resources, serverCpuMsPerRequest: null },
        })),
      };
      expect(leftOut(reportModel([bare]))).toEqual(['Bytes on the wire per request', 'Server CPU per request']);
      const empty = reportModel([{ ...run, scenarios: [], endReason: 'running', endedAt: null }]);
      expect(empty.sections).toEqual([]);
    },
  );
});

describe('reportModel of a load run', () => {
  const model = reportModel([loadRun()]);

  it('draws requests/s and latency vs concurrency, a line per server, only the load section', () => {
    expect(model.sections.map((s) => s.title)).toEqual(['Load']);
    const rps = chart<LineChartSpec>(model, 'load-rps');
    expect(rps.series.map((s) => s.label)).toEqual(['json', 'grpc']);
    expect(rps.series[0].points.map((p) => [p.x, p.y])).toEqual(LOAD_CONCURRENCY.map((c, i) => [c, LOAD_RPS.json[i]]));
    expect(rps.x).toEqual({ title: 'concurrent callers (log)', log: true });
    const latency = chart<LineChartSpec>(model, 'load-latency');
    expect(latency.series.map((s) => s.label)).toEqual(['json p50', 'json p99', 'grpc p50', 'grpc p99']);
    expect(latency.series[1].dashed).toBe(true);
  });

  it('flags a saturated generator and a throughput plateau, in the points and the table', () => {
    const rps = chart<LineChartSpec>(model, 'load-rps');
    expect(rps.series[0].points.map((p) => p.flag)).toEqual([undefined, undefined, 'throughput plateau']);
    expect(rps.series[1].points.map((p) => p.flag)).toEqual([undefined, undefined, 'generator saturated']);
    expect(rps.table.rows.map((r) => r[6])).toEqual(['', '', 'throughput plateau', '', '', 'generator saturated']);
  });
});

describe('reportModel of two runs overlaid', () => {
  it('names every series after its run, keeps runs apart, and finds crossovers within a run only', () => {
    const a = benchRun({ label: 'before' });
    const b = benchRun({ id: 'after-id', label: null, scale: 1.5 });
    const model = reportModel([a, b]);
    expect(model.title).toBe('wirebench report: 2 runs overlaid');
    expect(model.runs.map((r) => r.name)).toEqual(['before', 'after-id']);
    const rows = chart<LineChartSpec>(model, 'time-vs-rows');
    expect(rows.series.map((s) => [s.label, s.runIndex])).toEqual([
      ['before · json', 0],
      ['before · grpc', 0],
      ['after-id · json', 1],
      ['after-id · grpc', 1],
    ]);
    expect(rows.crossovers.map((c) => c.text)).toEqual([
      'before · json overtakes before · grpc',
      'after-id · json overtakes after-id · grpc',
    ]);
    expect(chart<BarChartSpec>(model, 'article-ratio').datasets.map((d) => d.label)).toEqual([
      'before · this machine',
      'after-id · this machine',
      'article (2022 laptop)',
    ]);
  });

  it('overlays a bench run and a load run as both kinds of sections', () => {
    expect(reportModel([benchRun(), loadRun()]).sections.map((s) => s.title)).toEqual([
      'Compared with the article',
      'Time',
      'Cost per request',
      'Load',
    ]);
  });
});

describe('reportModel: crossovers only where the intervals separate', () => {
  it(
    'the quick preset (3 runs a side): the medians swap between 1 and 1,000 rows, but no crossover is ' +
      'marked, and the note says why',
    () => {
      const rows = chart<LineChartSpec>(
        reportModel([benchRun({ preset: 'quick', cases: QUICK_CASES, runs: 3 })]),
        'time-vs-rows',
      );
      expect(rows.crossovers).toEqual([]);
      expect(rows.notes).toEqual([
        expect.stringMatching(
          new RegExp(
            String.raw`^No crossover the intervals support: json and grpc change order between 1 and ` +
              String.raw`1,000 \(rows\/req\), where the medians' lines meet near [\d.]+, but at 1 and 1,000: 3 runs ` +
              String.raw`a side, fewer than the 5 a verdict needs\.$`,
          ),
        ),
      ]);
    },
  );

  it('5 runs a side whose intervals overlap at one of the two sizes: no crossover marked', () => {
    const run = benchRun();
    // One slow run of json at 100 rows widens its interval (5 runs: [min, max]) over grpc's there.
    const slowed = (r: ScenarioResult): ScenarioResult => ({
      ...r,
      runs: r.runs.map((x, k) => (k === 3 ? { ...x, ms: x.ms * 3 } : x)),
    });
    const overlapping: BenchRun = {
      ...run,
      scenarios: run.scenarios.map((r) => (r.name === 'rows-100' && r.variant === 'json' ? slowed(r) : r)),
    };
    const rows = chart<LineChartSpec>(reportModel([overlapping]), 'time-vs-rows');
    expect(rows.crossovers).toEqual([]);
    expect(rows.notes[0]).toMatch(
      /between 10 and 100 \(rows\/req\).*but at 100: their medians' 95% intervals overlap\.$/,
    );
  });
});

describe('reportModel of a batching run', () => {
  const run = benchRun({ preset: 'batching', cases: BATCHING_CASES });
  const model = reportModel([run]);

  it("opens with the many-vs-one result: median time against the number of calls, summary.md's table beneath", () => {
    expect(model.sections[0].title).toBe('Many small calls or one large one');
    const many = chart<LineChartSpec>(model, 'many-vs-one-1');
    expect(many.title).toBe('Many small calls or one large one: 10,000 rows');
    expect(many.x).toEqual({ title: 'calls the rows are split into (log)', log: true });
    expect(many.y.title).toBe('median time per run (ms, log)');
    expect(many.series.map((s) => [s.label, s.points.map((p) => p.x)])).toEqual([
      ['json', [1, 10, 100, 10_000]],
      ['grpc', [1, 10, 100, 10_000]],
    ]);
    const { table } = batchingGroups(run)[0];
    expect(many.table).toEqual({ head: table.head, numeric: [false, true, true, true, true, true], rows: table.rows });
    expect(many.table.head.at(-1)).toBe('10,000 × 1 / 1 × 10,000');
    expect(many.notes[0]).toBe(BATCHING_NOTE);
    // In the fixture, as on this machine, gRPC's single large call is slower and its 10,000 small ones faster.
    expect(many.crossovers.map((c) => c.text)).toEqual(['grpc overtakes json']);
    expect(many.notes[1]).toMatch(/^Crossover: grpc overtakes json at about [\d,]+ \(calls\)/);
  });

  it('has no article section and no sweep that needs sizes it did not run', () => {
    expect(model.sections.map((s) => s.title)).toEqual([
      'Many small calls or one large one',
      'Time',
      'Cost per request',
    ]);
  });

  it('a run of other cases has no many-vs-one section', () => {
    expect(charts(reportModel([benchRun({ cases: QUICK_CASES })])).map((c) => c.id)).not.toContain('many-vs-one-1');
  });
});

describe('reportModel: a missing value says why', () => {
  it('a wire pass that failed leaves a gap whose reason is in the table and under the chart', () => {
    const run = benchRun({ preset: 'batching', cases: BATCHING_CASES });
    const failed: BenchRun = {
      ...run,
      scenarios: run.scenarios.map((r) =>
        r.name === 'batch-10000x1' && r.variant === 'json'
          ? {
              ...r,
              wire: {
                bytesPerRequest: null,
                bytesInPerRequest: null,
                bytesOutPerRequest: null,
                note: 'wire bytes not measured: read ECONNRESET',
              },
            }
          : r,
      ),
    };
    const wire = chart<BarChartSpec>(reportModel([failed]), 'wire-bytes');
    expect(wire.categories).toEqual(['batch-1x10000', 'batch-10x1000', 'batch-100x100', 'batch-10000x1']);
    expect(wire.datasets[0].values[3]).toBeNull();
    expect(wire.table.rows[3][1]).toBe('none, see below');
    expect(wire.notes).toEqual(['No bar for json at batch-10000x1: wire bytes not measured: read ECONNRESET.']);
  });

  it(
    "a resource figure the probe could not read gives the probe's note; a case a variant did not run is " + '"not run"',
    () => {
      const run = benchRun({ cases: QUICK_CASES.slice(0, 2) });
      const scenarios = run.scenarios
        .filter((r) => !(r.name === 'single-1000' && r.variant === 'grpc'))
        .map((r) =>
          r.name === 'single-1' && r.variant === 'grpc'
            ? {
                ...r,
                resources: {
                  ...r.resources,
                  serverCpuMsPerRequest: null,
                  notes: ['server CPU: a server process ended, or its /proc cannot be read'],
                },
              }
            : r,
        );
      const cpu = chart<BarChartSpec>(reportModel([{ ...run, scenarios }]), 'server-cpu');
      expect(cpu.table.rows.map((row) => row[2])).toEqual(['none, see below', 'not run']);
      expect(cpu.notes).toEqual([
        'No bar for grpc at single-1: server CPU: a server process ended, or its /proc cannot be read.',
      ]);
    },
  );
});

describe('reportModel of a load run with one level', () => {
  const run = loadRun({ levels: loadRun().levels.filter((l) => l.concurrency === 100) });
  const model = reportModel([run]);

  it('draws bars, not lines: a bar per server, the flagged one outlined, the reason in the notes', () => {
    expect(charts(model).map((c) => [c.id, c.kind])).toEqual([
      ['load-rps', 'bar'],
      ['load-latency', 'bar'],
    ]);
    const rps = chart<BarChartSpec>(model, 'load-rps');
    expect(rps.title).toBe('Requests per second at 100 callers');
    expect(rps.categories).toEqual(['100 callers']);
    expect(rps.datasets.map((d) => [d.label, d.values, d.flags])).toEqual([
      ['json', [LOAD_RPS.json[2]], ['']],
      ['grpc', [LOAD_RPS.grpc[2]], ['generator saturated']],
    ]);
    expect(rps.notes).toEqual(['grpc at concurrency 100: generator saturated.']);
    const latency = chart<BarChartSpec>(model, 'load-latency');
    expect(latency.categories).toEqual(['p50, 100 callers', 'p99, 100 callers']);
    const json = run.levels.find((l) => l.transport === 'json')!;
    expect(latency.datasets[0].values).toEqual([json.latency.p50, json.latency.p99]);
  });
});
