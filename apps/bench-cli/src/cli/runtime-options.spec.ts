import { parseOptions } from './options';
import { parseRuntimeOptions } from './runtime-options';
import { UsageError } from './usage-error';

describe('parseRuntimeOptions', () => {
  it('is null without --node, --server-node or --client-node', () => {
    expect(parseRuntimeOptions({})).toBeNull();
  });

  it('--node: the servers and the client on each runtime of the list, in order', () => {
    expect(parseRuntimeOptions({ node: '20,22, 24.11.1,~/.nvm/versions/node/v26.0.0/bin/node,current' })).toEqual({
      pairs: ['20', '22', '24.11.1', '~/.nvm/versions/node/v26.0.0/bin/node', 'current'].map((s) => ({
        server: s,
        client: s,
      })),
      split: false,
      offline: false,
    });
  });

  it('split: one side a list, the other one runtime, the side not given current', () => {
    expect(parseRuntimeOptions({ serverNode: '22', clientNode: '24' })!.pairs).toEqual([
      { server: '22', client: '24' },
    ]);
    expect(parseRuntimeOptions({ serverNode: '20,22,24', clientNode: '24' })!.pairs).toEqual([
      { server: '20', client: '24' },
      { server: '22', client: '24' },
      { server: '24', client: '24' },
    ]);
    expect(parseRuntimeOptions({ clientNode: '22,24', offline: true })).toEqual({
      pairs: [
        { server: 'current', client: '22' },
        { server: 'current', client: '24' },
      ],
      split: true,
      offline: true,
    });
  });

  it.each([
    [
      { node: '22', serverNode: '24' },
      '--node runs the servers and the client on each runtime; --server-node / --client-node split them: give ' +
        'one or the other',
    ],
    [{ node: '22', clientNode: '24' }, 'give one or the other'],
    [{ serverNode: '20,22', clientNode: '22,24' }, 'one side may be a list, the other one runtime (got 2 and 2)'],
    [{ node: 'lts' }, "--node: node runtime 'lts': expected a major (22), an exact version"],
    [{ serverNode: '22,,24' }, '--server-node must be a comma list without empty items, got "22,,24"'],
    [{ node: '22,22' }, '--node must name each runtime once, got "22,22"'],
    [{ offline: true }, '--offline is about fetching runtimes: give it with --node'],
  ])('%j is a usage error: %s', (flags, message) => {
    expect(() => parseRuntimeOptions(flags)).toThrow(UsageError);
    expect(() => parseRuntimeOptions(flags)).toThrow(message);
  });
});

describe('the bench command line with runtimes', () => {
  it('reads --node, --server-node, --client-node and --offline', () => {
    expect(parseOptions(['--node', '20,22']).runtimes!.pairs).toHaveLength(2);
    expect(parseOptions(['--server-node', '22', '--client-node', '24', '--offline']).runtimes).toMatchObject({
      split: true,
      offline: true,
    });
    expect(parseOptions([]).runtimes).toBeNull();
  });

  it('runs 2 rounds with several runtimes unless --invocations says otherwise, 1 with one runtime', () => {
    expect(parseOptions(['--node', '20,22']).invocations).toBe(2);
    expect(parseOptions(['--node', '20,22', '--invocations', '1']).invocations).toBe(1);
    expect(parseOptions(['--node', '20,22', '--invocations', '3']).invocations).toBe(3);
    expect(parseOptions(['--node', '22']).invocations).toBe(1);
    expect(parseOptions(['--server-node', '20,22']).invocations).toBe(2);
  });

  it('refuses the runtime axis with --hosts netns, and the two ways of naming runtimes together', () => {
    expect(() => parseOptions(['--node', '22', '--hosts', 'netns'])).toThrow(
      '--hosts netns starts the apps on this node',
    );
    expect(() => parseOptions(['--node', '22', '--client-node', '24'])).toThrow(UsageError);
  });
});
