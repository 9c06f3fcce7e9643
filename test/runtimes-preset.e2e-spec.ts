// Explain by runtime through the built CLI: --preset runtimes with fewer than two runtimes refused in one line, and a
// small bench on two runtimes (this node and the newest cached Node 22) whose summary.md has the "By runtime" table
// and sentences and whose report.html has the gRPC/JSON-by-runtime chart. The preset itself is the article's cases
// (1,000,000 rows among them: ~25 minutes on four runtimes), too long for a test; the table and chart it makes are
// the same for any run on two runtimes. Without a cached Node 22 the two-runtime test is skipped, saying why.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchRun } from '@app/bench';
import { appEntry } from '@app/bootstrap';
import { cachedVersions, runtimesCacheDir } from '@app/runtimes';
import { AppProcess, ROOT } from './support/app-process';
import { portsEnv } from './support/stack';

jest.setTimeout(300_000);

const BENCH = appEntry('bench-cli', 'main.js', ROOT);

/**
 * Runs the bench into a fresh folder; returns its exit, output and the run folder's summary.md, report.html and
 * result.json.
 */
async function bench(args: string[], env: Record<string, string>) {
  const out = mkdtempSync(join(tmpdir(), 'wirebench-runtimes-preset-'));
  try {
    const child = new AppProcess(process.execPath, [BENCH, ...args, '--out', out], env);
    const { code } = await child.exited;
    const dirs = readdirSync(out);
    const read = (file: string) =>
      dirs.length === 1 && existsSync(join(out, dirs[0], file)) ? readFileSync(join(out, dirs[0], file), 'utf8') : '';
    return {
      code,
      output: child.output,
      dirs,
      markdown: read('summary.md'),
      html: read('report.html'),
      result: dirs.length === 1 ? (JSON.parse(read('result.json')) as BenchRun) : null,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const cached22 = cachedVersions(runtimesCacheDir()).some((v) => v.startsWith('22.'));
const why = `no Node 22 in ${runtimesCacheDir()}: run npm run setup:node -- 22`;
const current = process.versions.node;

describe('explain by runtime', () => {
  let emptyCache: string;
  beforeAll(() => {
    emptyCache = mkdtempSync(join(tmpdir(), 'wirebench-no-runtimes-'));
  });
  afterAll(() => rmSync(emptyCache, { recursive: true, force: true }));

  it('--preset runtimes with no runtime cached: one line naming setup:node, exit 2, nothing run', async () => {
    const r = await bench(['--preset', 'runtimes'], { ...(await portsEnv()), NODE_RUNTIMES_DIR: emptyCache });
    expect({ code: r.code, dirs: r.dirs }).toEqual({ code: 2, dirs: [] });
    expect(r.output.trim().split('\n')).toEqual([
      `wirebench bench: the runtimes preset compares Node versions, and only ` +
        `Node ${current} is available ` +
        `(cache: ${emptyCache}): run \`npm run setup:node -- 22 24 26\` first, or give --node (see --help)`,
    ]);
  });

  (cached22 ? it : it.skip)(
    `--node current,22: summary.md's "By runtime" table and sentences, the report's ` +
      `chart${cached22 ? '' : ` (skipped: ${why})`}`,
    async () => {
      const r = await bench(
        ['--node', 'current,22', '--variants', 'json,grpc', '--rows', '50,200', '--runs', '5', '--warmup', '0'],
        await portsEnv(),
      );
      expect({ code: r.code, output: r.code === 0 ? '' : r.output.slice(-4000) }).toEqual({ code: 0, output: '' });
      const [mine, other] = r.result!.runtimes!;
      expect(other.client.nodeVersion).toMatch(/^22\./);
      const section = r.markdown.slice(r.markdown.indexOf('## By runtime'));
      expect(section).toContain(
        '| case | runtime | JSON median ms | gRPC median ms | gRPC/JSON | ratio 95% CI | faster |',
      );
      // One row per case and runtime, each with its interval (5 runs a side, 2 rounds: enough to name a side).
      for (const rows of [50, 200]) {
        for (const p of [mine, other]) {
          expect(section).toMatch(
            new RegExp(
              `\\| rows-${rows} \\(${rows} rows\\) \\| ` +
                `Node ${p.client.nodeVersion.replace(/\./g, '\\.')} \\| [\\d.,]+ \\| [\\d.,]+ \\| [\\d.]+ \\| ` +
                `[\\d.]+–[\\d.]+ \\| (grpc|json|cannot tell) \\|`,
            ),
          );
        }
        // One sentence per case across the runtimes, the first runtime named first.
        expect(section).toMatch(
          new RegExp(
            `- rows-${rows} \\(one request ` +
              `of ${rows} rows\\): gRPC/JSON [\\d.]+× \\(95% CI [\\d.]+–[\\d.]+\\) on ` +
              `Node ${current.replace(/\./g, '\\.')}, [\\d.]+× \\(95% CI [\\d.]+–[\\d.]+\\) on Node 22\\.`,
          ),
        );
      }
      expect(r.html).toContain('id="chart-runtime-ratio"');
      expect(r.html).toContain('gRPC/JSON by runtime');
    },
  );
});
