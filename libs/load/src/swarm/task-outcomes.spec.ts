import type { GeneratorResult } from '../load-level.interface';
import { failedLine, resultLines } from './swarm-log-protocol';
import type { SwarmTask } from './swarm-tasks';
import { taskOutcomes } from './task-outcomes';

// A one-second window: a share's rps is its successes.
const result = (requests: number) => ({ requests, successes: requests, windowMs: 1000 }) as unknown as GeneratorResult;
const task = (
  slot: number,
  state: string,
  err = '',
  exitCode: number | null = state === 'complete' ? 0 : null,
  node = `node-${slot}`,
): SwarmTask => ({ slot, node, nodeId: `id-${slot}`, state, err, exitCode });

describe("taskOutcomes (fault accounting of a level's job)", () => {
  it('every task complete with its result: all shares count, each with its node', () => {
    const out = taskOutcomes(
      2,
      [task(0, 'complete'), task(1, 'complete')],
      [...resultLines(0, result(5)), ...resultLines(1, result(6))],
    );
    expect(out.results).toEqual([result(5), result(6)]);
    expect(out.tasks).toEqual([
      { slot: 0, node: 'node-0', state: 'complete', rps: 5 },
      { slot: 1, node: 'node-1', state: 'complete', rps: 6 },
    ]);
  });

  it("a task that failed: its share is out, with swarm's error, its exit code and its own last word", () => {
    const out = taskOutcomes(
      2,
      [task(0, 'complete'), task(1, 'failed', 'task: non-zero exit (1)', 1)],
      [...resultLines(0, result(5)), failedLine(1, 'connect ECONNREFUSED 10.0.0.9:5000')],
    );
    expect(out.results).toEqual([result(5)]);
    expect(out.tasks[1]).toEqual({
      slot: 1,
      node: 'node-1',
      state: 'failed',
      error: 'failed: task: non-zero exit (1): exit code 1 (connect ECONNREFUSED 10.0.0.9:5000)',
    });
  });

  it('a node gone (its logs unreadable): its share is out, the gap named; a share with its result counts', () => {
    const gap = 'its logs could not be read: node id-1 is not available';
    const out = taskOutcomes(2, [task(0, 'complete'), task(1, 'running')], resultLines(0, result(5)), new Map(), gap);
    expect(out.results).toEqual([result(5)]);
    expect(out.tasks).toEqual([
      { slot: 0, node: 'node-0', state: 'complete', rps: 5 },
      { slot: 1, node: 'node-1', state: 'running', error: `running; ${gap}` },
    ]);
  });

  it('a task rejected (no image on its node), one never created, one given up on: each named', () => {
    const out = taskOutcomes(
      3,
      [task(0, 'rejected', 'No such image: wirebench:local')],
      [],
      new Map([[2, 'did not start within 60 s: pending: no suitable node']]),
    );
    expect(out.results).toEqual([]);
    expect(out.tasks.map((t) => t.error)).toEqual([
      'rejected: No such image: wirebench:local',
      'swarm never created its task',
      'did not start within 60 s: pending: no suitable node',
    ]);
    expect(out.tasks[1].node).toBe('(none)');
  });

  it(
    'a task that completed but whose result is incomplete in the logs does not count, and says which chunks ' +
      'are missing',
    () => {
      const lines = resultLines(0, { ...result(5), pad: 'y'.repeat(20_000) });
      const out = taskOutcomes(1, [task(0, 'complete')], lines.slice(0, 1));
      expect(out.results).toEqual([]);
      expect(out.tasks[0].error).toBe(
        `complete; its result is missing ` +
          `chunks ${Array.from({ length: lines.length - 1 }, (_, i) => i + 2).join(', ')} of ` +
          `${lines.length} in the logs`,
      );
      expect(taskOutcomes(1, [task(0, 'complete')], []).tasks[0].error).toBe(
        'complete, but no result in the logs for slot 0',
      );
    },
  );
});
