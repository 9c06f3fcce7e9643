import { hasStarted, nodeNames, parseTasks } from './swarm-tasks';

describe('swarm tasks as docker inspect shows them', () => {
  it('every state before a start is not started, including the ones a list of them left out', () => {
    // swarmkit's TaskState order: new allocated pending assigned accepted preparing ready starting running, then the
    // ends.
    for (const state of [
      'new',
      'allocated',
      'pending',
      'assigned',
      'accepted',
      'preparing',
      'ready',
      'starting',
      'unknown',
    ])
      expect([state, hasStarted(state)]).toEqual([state, false]);
    for (const state of ['running', 'complete', 'failed', 'rejected', 'shutdown', 'orphaned', 'remove'])
      expect([state, hasStarted(state)]).toEqual([state, true]);
  });

  it('parses one object per line, names nodes by hostname, sorts by slot', () => {
    const lines = [
      JSON.stringify({
        Slot: 1,
        NodeID: 'abc',
        Status: { State: 'failed', Err: 'task: non-zero exit (1)', ContainerStatus: { ExitCode: 1 } },
      }),
      JSON.stringify({ Slot: 0, Status: { State: 'allocated' } }),
      '',
    ].join('\n');
    expect(parseTasks(lines, new Map([['abc', 'vm']]))).toEqual([
      { slot: 0, node: '', nodeId: '', state: 'allocated', err: '', exitCode: null },
      { slot: 1, node: 'vm', nodeId: 'abc', state: 'failed', err: 'task: non-zero exit (1)', exitCode: 1 },
    ]);
  });

  it('names a node by hostname, and by hostname/ID where another node shares its hostname', () => {
    const names = nodeNames(
      'aaaaaaaaaaaaaaaaaaaaaaaaa vm\nbbbbbbbbbbbbbbbbbbbbbbbbb vm\nccccccccccccccccccccccccc db1\n',
    );
    expect([...names]).toEqual([
      ['aaaaaaaaaaaaaaaaaaaaaaaaa', 'vm/aaaaaaaaaaaa'],
      ['bbbbbbbbbbbbbbbbbbbbbbbbb', 'vm/bbbbbbbbbbbb'],
      ['ccccccccccccccccccccccccc', 'db1'],
    ]);
  });
});
