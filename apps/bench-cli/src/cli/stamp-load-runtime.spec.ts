import type { ResolvedRuntime } from '@app/runtimes';
import { sampleLevel } from '../../../../libs/load/src/fixtures/sample-level';
import { stampLoadRuntime } from './stamp-load-runtime';

const runtime = (nodeVersion: string): ResolvedRuntime => ({
  spec: nodeVersion,
  path: `/opt/node-${nodeVersion}/bin/node`,
  nodeVersion,
  v8Version: 'v8',
  source: 'path',
});
const pair = { server: runtime('22.1.0'), client: runtime('24.2.0'), label: 'server22.1.0-client24.2.0' };
const measured = (generator: string | null, server: string | null, engine: 'wirebench' | 'ghz' = 'wirebench') =>
  sampleLevel({
    name: 'c8@server22.1.0-client24.2.0',
    engine,
    runtime: {
      generator: generator === null ? null : { nodeVersion: generator, v8Version: 'g' },
      server: server === null ? null : { nodeVersion: server, v8Version: 's' },
    },
  });

describe('stampLoadRuntime', () => {
  it('labels a level whose generator and server report the runtimes they were started on', () => {
    const stamped = stampLoadRuntime(measured('24.2.0', '22.1.0'), pair);
    expect(stamped.runtime).toEqual({
      generator: { nodeVersion: '24.2.0', v8Version: 'g' },
      server: { nodeVersion: '22.1.0', v8Version: 's' },
      label: pair.label,
    });
    expect(stamped.notes).toEqual([]);
    // With several rounds, which one: a comparison matches round with round, never two levels under one key.
    expect(stampLoadRuntime(measured('24.2.0', '22.1.0'), pair, 2).runtime).toMatchObject({
      label: pair.label,
      round: 2,
    });
  });

  it('fails in one line when the generator or the server reports another node, or none', () => {
    expect(() => stampLoadRuntime(measured('20.0.0', '22.1.0'), pair)).toThrow(
      'node runtime server22.1.0-client24.2.0: the load generator of c8@server22.1.0-client24.2.0 json/nest ' +
        'reports node 20.0.0, not the 24.2.0 it was started on (/opt/node-24.2.0/bin/node)',
    );
    expect(() => stampLoadRuntime(measured('24.2.0', '24.2.0'), pair)).toThrow(
      'the json-server loaded by c8@server22.1.0-client24.2.0 json/nest reports node 24.2.0, not the 22.1.0',
    );
    expect(() => stampLoadRuntime(measured('24.2.0', null), pair)).toThrow(
      'the json-server loaded by c8@server22.1.0-client24.2.0 json/nest did not report its node version',
    );
  });

  it('checks only the server of a ghz level, and says why its generator has no node version', () => {
    const stamped = stampLoadRuntime(measured(null, '22.1.0', 'ghz'), pair);
    expect(stamped.runtime).toEqual({
      generator: null,
      server: { nodeVersion: '22.1.0', v8Version: 's' },
      label: pair.label,
    });
    expect(stamped.notes).toEqual([
      'runtime server22.1.0-client24.2.0: the servers ran on it; the load came from ghz (Go), so no node ' +
        'version is recorded for the generator',
    ]);
    expect(() => stampLoadRuntime(measured(null, '20.0.0', 'ghz'), pair)).toThrow(
      'reports node 20.0.0, not the 22.1.0',
    );
  });
});
