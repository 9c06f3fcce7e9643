import { RuntimeError, type ResolvedRuntime } from '@app/runtimes';
import { resolveRuntimePairs, roundsFor, runtimeBlocks, runtimeLabel } from './runtime-blocks';

const runtime = (nodeVersion: string, path = `/opt/node-${nodeVersion}/bin/node`): ResolvedRuntime => ({
  spec: nodeVersion,
  path,
  nodeVersion,
  v8Version: 'v8',
  source: 'path',
});

describe('runtimeBlocks', () => {
  it('runs every runtime once a round, the order rotated by the round', () => {
    expect(runtimeBlocks(['A', 'B', 'C'], 3).map((b) => `${b.round}${b.pair}`)).toEqual([
      '1A',
      '1B',
      '1C',
      '2B',
      '2C',
      '2A',
      '3C',
      '3A',
      '3B',
    ]);
  });

  it('is one block a round without a runtime axis', () => {
    expect(runtimeBlocks([null], 2)).toEqual([
      { round: 1, pair: null },
      { round: 2, pair: null },
    ]);
  });
});

describe('roundsFor', () => {
  it('takes --invocations when given, else at least 2 with several runtimes', () => {
    expect(roundsFor(3, 1, true)).toBe(1);
    expect(roundsFor(3, 1, false)).toBe(2);
    expect(roundsFor(3, 4, false)).toBe(4);
    expect(roundsFor(1, 1, false)).toBe(1);
  });
});

describe('runtimeLabel', () => {
  it('names one version when both sides run the same binary, both when split', () => {
    expect(runtimeLabel(runtime('22.1.0'), runtime('22.1.0'))).toBe('node22.1.0');
    expect(runtimeLabel(runtime('22.1.0'), runtime('24.2.0'))).toBe('server22.1.0-client24.2.0');
  });
});

describe('resolveRuntimePairs', () => {
  it('resolves and probes each runtime, pairing them as given', async () => {
    const [pair] = await resolveRuntimePairs(
      { pairs: [{ server: 'current', client: process.execPath }], split: true, offline: true },
      {},
    );
    expect(pair.server).toMatchObject({
      source: 'current',
      nodeVersion: process.versions.node,
      v8Version: process.versions.v8,
    });
    expect(pair.client.source).toBe('path');
    // Two names for one binary: still one runtime, named by one version.
    expect(pair.label).toBe(`node${process.versions.node}`);
  });

  it('refuses a runtime that does not exist, in one line naming it, before anything runs', async () => {
    const refused = resolveRuntimePairs(
      {
        pairs: [
          { server: 'current', client: 'current' },
          { server: '/nonexistent/bin/node', client: '/nonexistent/bin/node' },
        ],
        split: false,
        offline: true,
      },
      {},
    );
    await expect(refused).rejects.toThrow(RuntimeError);
    await expect(refused).rejects.toThrow('node runtime /nonexistent/bin/node: /nonexistent/bin/node does not exist');
  });
});
