// `npm run bench:codecs`'s memory phase by phase, as built (dist/), at a small row count: each serializer alone in its
// process prints its phases in order, with readings, increments and a peak; the timed table ends with the noise
// beside each measuring process; a bad --only exits 2 naming the valid values.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { jsonCodecNames, protobufCodecNames } from '@app/codecs';
import { ROOT } from './support/app-process';

const ENTRY = join(ROOT, 'dist/libs/codecs/codecs/src/bench/bench-codecs.main.js');
const PHASES = ['before', 'rows generated', 'reply encoded', 'rows released', 'reply decoded', 'reply released'];
// Every entry of the two registries, JSON's first, in their order: a new serializer is an entry there, not here.
const SERIALIZERS = [...jsonCodecNames(), ...protobufCodecNames()];

// bench:codecs builds its library itself (`nest build codecs`, package.json); `npm run build` builds the apps only, so
// a fresh clone has no ENTRY until it is built here the same way (the generated code is already there: the build made
// it).
beforeAll(() => {
  const built = spawnSync(process.execPath, [join(ROOT, 'node_modules/@nestjs/cli/bin/nest.js'), 'build', 'codecs'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 240_000,
  });
  if (built.status !== 0)
    throw new Error(`nest build codecs failed (${built.status}): ${built.stderr || built.stdout}`);
}, 250_000);

const run = (...args: string[]) =>
  spawnSync(process.execPath, [ENTRY, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });

describe('bench:codecs --only memory', () => {
  it(
    'prints every serializer, phase by phase, with RSS, increments and the phase peak (garbage collected, ' + 'VmHWM)',
    () => {
      const { status, stdout, stderr } = run('--shapes', 'row', '--only', 'memory', '--big-rows', '3000');
      expect({ status, stderr: status === 0 ? '' : stderr }).toEqual({ status: 0, stderr: '' });
      expect(stdout).toContain('Memory by phase: `row` at 3,000 rows in one message.');
      expect(stdout).toContain('garbage collected before each reading (node --expose-gc)');
      expect(stdout).not.toContain('Medians of the timed rounds'); // --only memory: no timed table
      const rows = stdout
        .split('\n')
        .filter((line) => line.startsWith('| ') && !line.startsWith('| serializer') && !line.startsWith('| ---'));
      const cells = rows.map((line) => line.split(' | ').map((cell) => cell.replace(/^\| /, '').replace(/ \|$/, '')));
      expect(cells.map(([serializer, phase]) => `${serializer} ${phase}`)).toEqual(
        SERIALIZERS.flatMap((s) => PHASES.map((p) => `${s} ${p}`)),
      );
      for (const [, phase, , rss, delta, peak, deltaPeak, heap] of cells) {
        expect(Number(rss)).toBeGreaterThan(20);
        expect(delta).toMatch(/^[+−]\d+$/);
        expect(Number(peak)).toBeGreaterThan(20); // this machine lets the process reset its high-water mark
        expect(deltaPeak).toMatch(phase === 'before' ? /^$/ : /^[+−]\d+$/);
        expect(Number(heap)).toBeGreaterThan(0);
      }
    },
  );

  it('--only timing: the timed table, then how quiet the machine was beside each measuring process', () => {
    const { status, stdout, stderr } = run(
      '--shapes',
      'numeric,text',
      '--rows',
      '2000',
      '--runs',
      '1',
      '--big-rows',
      '0',
      '--only',
      'timing',
    );
    expect({ status, stderr: status === 0 ? '' : stderr }).toEqual({ status: 0, stderr: '' });
    expect(stdout).toContain('Medians of the timed rounds');
    // Any figure: other jobs may share this machine.
    expect(stdout).toMatch(
      new RegExp(
        String.raw`\nNoise: other processes used numeric \d+(\.\d+)?, text \d+(\.\d+)? cores beside ` +
          String.raw`each measuring process \(from \/proc\/stat; steal up to \d+(\.\d+)?\); (none above 0\.2 of ` +
          String.raw`a core: quiet|\d above 0\.2 of a core \([a-z, ]+\): their figures describe the machine's ` +
          String.raw`other work as well)\.\n`,
      ),
    );
  });

  it('refuses a bad --only with exit 2, naming the valid values', () => {
    const { status, stderr } = run('--only', 'both');
    expect(status).toBe(2);
    expect(stderr).toContain('--only must be one of timing, memory, got "both"');
  });
});
