// A tiny shapes run through the CLI: summary.md states per shape which transport the runs name (here: none, from 2
// runs a side, and says so), the serializer line where a serializer variant ran, and report.html carries the
// per-shape and per-serializer charts.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appEntry } from '@app/bootstrap';
import { AppProcess, ROOT } from './support/app-process';
import { portsEnv } from './support/stack';

describe('npm run bench over two shapes, with a serializer variant', () => {
  it('writes per-shape verdict lines to summary.md and the per-shape chart to report.html', async () => {
    const out = mkdtempSync(join(tmpdir(), 'wirebench-shape-presets-'));
    try {
      const args = [
        '--shapes',
        'numeric,text',
        '--variants',
        'json,grpc,grpc-sliced',
        '--rows',
        '50,200',
        '--runs',
        '2',
        '--warmup',
        '0',
        '--format',
        'md',
        '--out',
        out,
      ];
      const bench = new AppProcess(
        process.execPath,
        [appEntry('bench-cli', 'main.js', ROOT), ...args],
        await portsEnv(),
      );
      const { code } = await bench.exited;
      expect({ code, output: code === 0 ? '' : bench.output.slice(-4000) }).toEqual({ code: 0, output: '' });
      const [dir] = readdirSync(out);
      const summary = readFileSync(join(out, dir, 'summary.md'), 'utf8');
      const section = summary.slice(summary.indexOf('## By shape'), summary.indexOf('## Results'));
      for (const shape of ['numeric', 'text']) {
        for (const rows of ['50', '200']) {
          expect(section).toMatch(
            new RegExp(
              `^- For \`${shape}\` rows \\(one request ` +
                `of ${rows} rows\\), gRPC took [\\d.]+× JSON's time \\(95% CI [\\d.]+–[\\d.]+\\): no verdict ` +
                `\\(2 runs a side cannot tell these apart; use --runs 5 or more\\)(; machine quiet[^\\n]*|; ` +
                `\\d+ of \\d+ runs disturbed[^\\n]*)?\\.$`,
              'm',
            ),
          );
          expect(section).toMatch(
            new RegExp(
              `^- For \`${shape}\` rows \\(one request ` +
                `of ${rows} rows\\), against json: with grpc it took [\\d.]+× \\(95% CI [\\d.–]+\\), no ` +
                `verdict \\(2 runs a side cannot tell these apart; use --runs 5 or more\\); with grpc-sliced it took`,
              'm',
            ),
          );
        }
      }
      const html = readFileSync(join(out, dir, 'report.html'), 'utf8');
      expect(html).toContain('id="chart-shape-ratio"');
      expect(html).toContain('id="chart-serializer-ratio"');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 180_000);
});
