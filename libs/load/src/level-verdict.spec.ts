import { sampleLevel, timedOutLevel } from './fixtures/sample-level';
import { levelFailureText, levelVerdict } from './level-verdict';

describe('levelFailureText', () => {
  it('names timeouts as timeouts, without asking whether a server that kept answering is up', () => {
    const text = levelFailureText(timedOutLevel(), 10_000);
    expect(text).toBe('53 of 40,053 requests failed: 53 timed out (no answer within 10,000 ms)');
    expect(text).not.toMatch(/still up/);
  });

  it("keeps gRPC's name for a timeout", () => {
    expect(levelFailureText(timedOutLevel({ transport: 'grpc', errors: { DEADLINE_EXCEEDED: 53 } }), 5000)).toBe(
      '53 of 40,053 requests failed: 53 timed out (DEADLINE_EXCEEDED: no answer within 5,000 ms)',
    );
  });

  it('asks whether the server is still up only when connections were refused or dropped', () => {
    const level = sampleLevel({ requests: 1000, successes: 400, errors: { ECONNREFUSED: 590, timeout: 10 } });
    expect(levelFailureText(level, 10_000)).toBe(
      '600 of 1,000 requests failed: ECONNREFUSED 590, 10 timed out (no answer within 10,000 ms); is ' +
        'http://127.0.0.1:3001 still up?',
    );
    // The kinds most first, whichever came first (a killed server's few EPIPE before its many refusals).
    const killed = { ...level, requests: 1000, successes: 400, errors: { EPIPE: 8, ECONNREFUSED: 592 } };
    expect(levelFailureText(killed, 10_000)).toBe(
      '600 of 1,000 requests failed: ECONNREFUSED 592, EPIPE 8; is http://127.0.0.1:3001 still up?',
    );
  });

  it('is empty when nothing failed', () => {
    expect(levelFailureText(sampleLevel(), 10_000)).toBe('');
  });
});

describe('levelVerdict', () => {
  it('is ok without failures', () => {
    expect(levelVerdict(sampleLevel(), 10_000, 2)).toEqual({ kind: 'ok' });
  });

  it(
    "calls timeouts with generator and server filling this machine's cores the machine's limit (the issue's " +
      'c=500 on 2 cores)',
    () => {
      // Server 1 core + generator 0.5 over 10 s: 75% of 2 cores is not yet the limit; 0.9 of a core for the generator
      // is.
      expect(levelVerdict(timedOutLevel(), 10_000, 2).kind).toBe('failed');
      const busy = levelVerdict(timedOutLevel({ generatorWindowCpuMs: 7000, generatorCoreShare: 0.7 }), 10_000, 2);
      expect(busy).toEqual({
        kind: 'machine-limit',
        text:
          'the load generator (this machine) was the limit, not the server: 53 of 40,053 requests failed: 53 ' +
          'timed out (no answer within 10,000 ms), with the generator at 70% of a core and generator and ' +
          "server at 85% of this machine's 2 cores",
      });
    },
  );

  it("calls timeouts with the generator saturated the machine's limit, wherever the server is", () => {
    const level = timedOutLevel({
      generatorSaturated: true,
      generatorCoreShare: 0.93,
      serverResourcesSource: 'server',
    });
    expect(levelVerdict(level, 10_000, 64)).toEqual({
      kind: 'machine-limit',
      text:
        'the load generator (this machine) was the limit, not the server: 53 of 40,053 requests failed: ' +
        '53 timed out (no answer within 10,000 ms), with the generator at 93% of a core',
    });
  });

  it('is a failure when the machine had room, when a failure is not a timeout, or when nothing succeeded', () => {
    const saturated = { generatorSaturated: true, generatorCoreShare: 0.95 };
    expect(levelVerdict(timedOutLevel(), 10_000, 8).kind).toBe('failed');
    expect(levelVerdict(timedOutLevel({ ...saturated, errors: { timeout: 50, ECONNRESET: 3 } }), 10_000, 2).kind).toBe(
      'failed',
    );
    expect(levelVerdict(timedOutLevel({ ...saturated, successes: 0 }), 10_000, 2).kind).toBe('failed');
  });
});

describe('levelVerdict with swarm generator tasks', () => {
  it(
    'a level one of whose shares failed is failed, naming the task, its node and why, even with no failed ' + 'request',
    () => {
      const level = sampleLevel({
        generatorTasks: [
          { slot: 0, node: 'vm', state: 'complete' },
          { slot: 1, node: 'node-b', state: 'failed', error: 'failed: task: non-zero exit (1)' },
        ],
      });
      expect(levelVerdict(level, 10_000, 2)).toEqual({
        kind: 'failed',
        text: 'generator task slot 1 on node-b failed: failed: task: non-zero exit (1)',
      });
    },
  );

  it('all tasks complete: judged as any level', () => {
    expect(
      levelVerdict(sampleLevel({ generatorTasks: [{ slot: 0, node: 'vm', state: 'complete' }] }), 10_000, 2),
    ).toEqual({ kind: 'ok' });
  });
});
