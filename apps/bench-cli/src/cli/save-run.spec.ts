import { RUN_FILES } from '@app/printers';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchRun, loadRun } from '../../../../libs/report/src/fixtures/report-runs';
import { saveRun } from './save-run';

describe('saveRun', () => {
  it('writes every file of a bench and a load run, report.html among them, describing the same run', async () => {
    const root = mkdtempSync(join(tmpdir(), 'wirebench-save-run-'));
    try {
      for (const run of [benchRun({ runs: 3 }), loadRun()]) {
        const dir = join(root, run.kind);
        await saveRun(dir, run);
        expect(readdirSync(dir).sort()).toEqual([...RUN_FILES[run.kind]].sort());
        const html = readFileSync(join(dir, 'report.html'), 'utf8');
        expect(html).toContain(`<tr><th scope="row">run id</th><td>${run.id}</td></tr>`);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
