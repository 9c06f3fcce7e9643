// npm run bench --invocations and the minimum runs for a verdict, through the built CLI with the apps it starts
// itself on free ports: each invocation in fresh processes (its own pids), every run kept with its invocation, no
// restart of apps the bench did not start, and no faster side named from 2 runs a side.
import { AppProcess } from './support/app-process';
import { pidsWithEnv } from './support/processes';
import { LISTENING, portsEnv } from './support/stack';
import { benchIntoFolder } from './support/bench-run';
import { describeWithToxiproxy, toxiproxyPath } from './support/toxiproxy';

jest.setTimeout(180_000);

const bench = (args: string[], env: Record<string, string>) => benchIntoFolder(args, env, 'wirebench-invocations-');

describe('npm run bench --invocations', () => {
  it(
    "--runs 5 --invocations 2: both invocations' runs, each in fresh processes, invocation columns, two-level " +
      'intervals',
    async () => {
      const env = await portsEnv();
      const r = await bench(['--rows', '100', '--runs', '5', '--invocations', '2', '--warmup', '0'], env);
      // On failure, the bench's own last words say why.
      expect({ code: r.code, output: r.code === 0 ? '' : r.output.slice(-4000) }).toEqual({ code: 0, output: '' });

      // Every run kept, with its invocation: 5 a side in each.
      expect(r.runs.map((x) => `${x.variant} ${x.invocation}/${x.invocations} run ${x.run}`)).toEqual(
        ['json', 'grpc'].flatMap((v) =>
          [1, 2].flatMap((inv) => [1, 2, 3, 4, 5].map((run) => `${v} ${inv}/2 run ${run}`)),
        ),
      );
      for (const s of r.summary) {
        expect({
          variant: s.variant,
          runs: s.runs,
          invocations: s.invocations,
          tooFew: s.too_few_runs,
          verified: s.verified,
        }).toEqual({
          variant: s.variant,
          runs: '10',
          invocations: '2',
          tooFew: 'false',
          verified: 'true',
        });
        const share = Number(s.between_invocation_share);
        if (s.between_invocation_share !== '') expect(share >= 0 && share <= 1).toBe(true);
        // The two-level bootstrap's interval, at its nominal level, around the pooled median.
        expect(s.median_ci_level).toBe('0.95');
        expect(Number(s.median_ci_low_ms)).toBeLessThanOrEqual(Number(s.median_ms));
        expect(Number(s.median_ci_high_ms)).toBeGreaterThanOrEqual(Number(s.median_ms));
      }

      // Fresh processes: the bench started every app once per invocation, with pids of their own, and stopped them all.
      const starts = r.result!.invocationStarts!;
      expect(r.result!.invocations).toBe(2);
      expect(starts.map((s) => s.invocation)).toEqual([1, 2]);
      for (const app of ['json-server', 'grpc-server', 'client']) {
        expect([app, starts[0].pids[app] > 0, starts[1].pids[app] > 0]).toEqual([app, true, true]);
        expect(starts[1].pids[app]).not.toBe(starts[0].pids[app]);
      }
      expect(pidsWithEnv('CLIENT_PORT', env.CLIENT_PORT)).toEqual([]);
      expect(r.output).toMatch(/started json-server, grpc-server, client.* \(invocation 2\/2\)/);
      // Six apps' stdout and stderr piped into the one apps.log: no leak warning from the listeners that takes.
      expect(r.output).not.toContain('MaxListenersExceededWarning');
      expect(r.markdown).toContain('- **Invocations:** 2, each in fresh server and client processes');
      expect(r.stdout).toMatch(/between-inv var %/);
    },
  );

  it(
    '--invocations 2 with an app already answering: starts its own apps on free ports, leaves that one ' +
      'alone, says so once',
    async () => {
      const env = await portsEnv();
      const json = AppProcess.start('json-server', env);
      try {
        await json.waitFor(LISTENING);
        const r = await bench(['--rows', '100', '--runs', '1', '--warmup', '0', '--invocations', '2'], env);
        expect({ code: r.code, output: r.code === 0 ? '' : r.output.slice(-3000) }).toEqual({ code: 0, output: '' });
        expect(r.output.match(/starts its own on free ports/g)).toHaveLength(1);
        expect(r.output).toMatch(
          new RegExp(
            String.raw`wirebench bench: apps this run did not start answer at the configured ` +
              String.raw`addresses \(json-server\); it starts its own on free ports instead \(CLIENT_PORT=\d+ ` +
              String.raw`JSON_SERVER_PORT=\d+ `,
          ),
        );
        expect(r.dirs).toHaveLength(1);
        expect(json.running).toBe(true);
      } finally {
        await json.stop();
      }
    },
  );

  it(
    '--runs 2: no faster side named, the intervals still shown, and the words say how many runs it ' + 'takes',
    async () => {
      const r = await bench(
        ['--rows', '100', '--runs', '2', '--warmup', '0', '--variants', 'json,grpc,json-undici', '--format', 'table'],
        await portsEnv(),
      );
      expect({ code: r.code, output: r.code === 0 ? '' : r.output.slice(-4000) }).toEqual({ code: 0, output: '' });
      expect(r.summary.map((s) => [s.variant, s.too_few_runs])).toEqual([
        ['json', 'true'],
        ['grpc', 'true'],
        ['json-undici', 'true'],
      ]);
      // The why table: the ratio and its interval, the verdict "too few runs".
      expect(r.markdown).toMatch(
        new RegExp(
          String.raw`\| rows-100 \| one request of 100 rows \| grpc vs json \| transport \(all five\) ` +
            String.raw`\| [\d.]+ \| [\d.]+–[\d.]+ \| too few runs \|`,
        ),
      );
      expect(r.markdown).toMatch(
        /\| json-undici vs json \| client library \| [\d.]+ \| [\d.]+–[\d.]+ \| too few runs \|/,
      );
      // Every case verdict ends with the noise clause: how quiet the machine was during its runs.
      expect(r.markdown).toMatch(
        new RegExp(
          String.raw`^- For one request of 100 rows, gRPC took [\d.]+× JSON's time \(95% CI ` +
            String.raw`[\d.]+–[\d.]+\): no verdict \(2 runs a side cannot tell these apart; use --runs 5 or ` +
            String.raw`more\); (machine quiet: (no foreign CPU|foreign CPU ≤ [\d.]+ (of a core|cores))|\d+ of \d+ ` +
            String.raw`runs disturbed, up to [\d.]+ (of a core|cores) beside them)\.$`,
          'm',
        ),
      );
      expect(r.markdown).toContain(
        '- For one request of 100 rows, json-undici (client library) against their baselines: no verdict (2 ' +
          'runs a side cannot tell these apart; use --runs 5 or more).',
      );
      expect(r.stdout).toContain('too few runs');
    },
  );
});

describeWithToxiproxy('npm run bench --network loopback,wan --runs 2', () => {
  it('draws no verdict under either profile and says why, the ratio and its interval still in the table', async () => {
    const r = await bench(
      ['--network', 'loopback,wan', '--rows', '10000', '--runs', '2', '--warmup', '0'],
      await portsEnv({ TOXIPROXY_BIN: toxiproxyPath() }),
    );
    expect({ code: r.code, output: r.code === 0 ? '' : r.output.slice(-4000) }).toEqual({ code: 0, output: '' });
    const network = r.markdown.slice(r.markdown.indexOf('## Under network conditions'));
    for (const profile of ['loopback', 'wan']) {
      expect(network).toMatch(
        new RegExp(
          `\\| rows-10000 \\(10,000 rows\\) \\| grpc vs json \\| ` +
            `${profile} \\|.*\\| [\\d.]+ \\| [\\d.]+–[\\d.]+ \\| too few runs \\|`,
        ),
      );
    }
    expect(network).toMatch(
      new RegExp(
        String.raw`^- one request of 10,000 rows, grpc vs json: gRPC\/JSON [\d.]+× on loopback, ` +
          String.raw`[\d.]+× on wan\. No verdict under any profile: 2 runs a side cannot tell these apart; use ` +
          String.raw`--runs 5 or more(; .*)?\.$`,
        'm',
      ),
    );
    expect(network).not.toMatch(/overtakes|is faster under/);
  });
});
