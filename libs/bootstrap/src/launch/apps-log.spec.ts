import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appsLogLostText, openAppsLog } from './apps-log';

// A real child writing into the log, as a launched app does.
function chatter(lines: number) {
  return spawn(
    process.execPath,
    ['-e', `for (let i = 0; i < ${lines}; i++) console.log('line ' + i + ' ' + 'x'.repeat(200))`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

const exited = (child: ReturnType<typeof chatter>) =>
  new Promise<number | null>((resolve) => child.on('exit', resolve));

describe('openAppsLog', () => {
  it("keeps six apps' stdout and stderr without a listener-leak warning", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apps-log-'));
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    try {
      const log = openAppsLog(join(dir, 'apps.log'), 6, () => undefined);
      const children = Array.from({ length: 6 }, () => chatter(3));
      for (const c of children) for (const s of [c.stdout!, c.stderr!]) s.pipe(log, { end: false });
      // What Node's leak warning compares (jest's sandboxed process does not pass the warning on): no event has more
      // listeners than the bound.
      const over = log.eventNames().filter((e) => log.listenerCount(e) > log.getMaxListeners());
      expect(over).toEqual([]);
      await Promise.all(children.map(exited));
      await new Promise((resolve) => log.end(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((w) => w.name)).not.toContain('MaxListenersExceededWarning');
      expect(readFileSync(join(dir, 'apps.log'), 'utf8').match(/^line /gm)).toHaveLength(18);
    } finally {
      process.off('warning', onWarning);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const full = existsSync('/dev/full') ? it : it.skip;
  full(
    'a file that cannot be written (ENOSPC, /dev/full) is reported once and does not throw; the apps still ' +
      'run to their end',
    async () => {
      const lost: NodeJS.ErrnoException[] = [];
      const log = openAppsLog('/dev/full', 2, (error) => lost.push(error));
      const children = [chatter(2000), chatter(2000)];
      for (const c of children) for (const s of [c.stdout!, c.stderr!]) s.pipe(log, { end: false });
      // Both apps write far more than a pipe holds: they would hang if nobody read their output any more.
      expect(await Promise.all(children.map(exited))).toEqual([0, 0]);
      expect(lost.map((e) => e.code)).toEqual(['ENOSPC']);
      expect(appsLogLostText('/dev/full', lost[0])).toBe(
        "wirebench: /dev/full can no longer be written (ENOSPC): the apps' output is not kept there from now " +
          'on; the run goes on',
      );
    },
  );
});
