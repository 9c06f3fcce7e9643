import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { getShape } from '@app/shapes';
import { measurePhaseMemory, type PhaseMemoryMeasurement } from './measure-phase-memory';

// Enough rows that the heap's own noise cannot hide them: a row of `row` holds ~440 B of heap (44 MB at 100,000), the
// bars below are 100 B a row.
const ROWS = 100_000;

/**
 * The measurement in a node process of its own (fixtures/measure-phase-memory.child.ts, run through ts-node): in
 * jest's worker the heap also holds what earlier test files left and frees it when V8 will, which moved a reading by
 * 130 MB in CI, more than the rows themselves.
 */
function measureInChild(codec: string): PhaseMemoryMeasurement {
  const child = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '-r',
      'ts-node/register/transpile-only',
      '-r',
      'tsconfig-paths/register',
      join(__dirname, 'fixtures', 'measure-phase-memory.child.ts'),
      codec,
      String(ROWS),
    ],
    // From the project root, where tsconfig-paths finds tsconfig.json's @app/* paths.
    {
      cwd: join(__dirname, '..', '..', '..', '..'),
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, NODE_OPTIONS: '' },
    },
  );
  if (child.status !== 0)
    throw new Error(`the measuring process failed (${child.status ?? child.signal}): ${child.stderr}`);
  return JSON.parse(child.stdout) as PhaseMemoryMeasurement;
}

describe('measurePhaseMemory', () => {
  it(
    "follows a protobuf reply's life: the bytes outside the heap from encode to release, the rows in the heap " +
      'until let go',
    () => {
      const m = measureInChild('protobufjs-static');
      expect(m).toMatchObject({
        shape: 'row',
        family: 'protobuf',
        codec: 'protobufjs-static',
        rows: ROWS,
        gcForced: true,
      });
      expect(m.phases.map((p) => p.phase)).toEqual([
        'before',
        'rows generated',
        'reply encoded',
        'rows released',
        'reply decoded',
        'reply released',
      ]);
      const [, generated, encoded, released, decoded, replyReleased] = m.phases;
      expect(m.encodedBytes).toBeGreaterThan(ROWS * 100);
      expect(generated.heapUsedIncrementBytes).toBeGreaterThan(ROWS * 100); // the rows live in V8's heap
      // The bytes do not: they are in ArrayBuffers at that reading.
      expect(encoded.arrayBuffersBytes).toBeGreaterThanOrEqual(m.encodedBytes);
      expect(released.heapUsedIncrementBytes).toBeLessThan(-ROWS * 100);
      expect(decoded.heapUsedIncrementBytes).toBeGreaterThan(ROWS * 100);
      expect(replyReleased.arrayBuffersBytes - decoded.arrayBuffersBytes).toBeLessThanOrEqual(-m.encodedBytes);
    },
  );

  it("holds a JSON reply as a string in V8's heap", () => {
    const m = measureInChild('json-stringify');
    const [, generated, encoded] = m.phases;
    expect(encoded.heapUsedBytes - generated.heapUsedBytes).toBeGreaterThanOrEqual(m.encodedBytes * 0.9);
    expect(encoded.arrayBuffersBytes - generated.arrayBuffersBytes).toBeLessThan(m.encodedBytes / 10);
  });

  it('names the valid serializers for an unknown one', () => {
    expect(() => measurePhaseMemory(getShape('row'), 'nope', 10)).toThrow(
      /unknown serializer nope: valid ones are json-stringify, .*ts-proto/,
    );
  });
});
