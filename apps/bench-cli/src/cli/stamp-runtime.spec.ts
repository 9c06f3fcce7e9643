import { sampleResult } from '@app/explain';
import type { ResolvedRuntime } from '@app/runtimes';
import { stampRuntime } from './stamp-runtime';

const runtime = (nodeVersion: string): ResolvedRuntime => ({
  spec: nodeVersion,
  path: `/opt/node-${nodeVersion}/bin/node`,
  nodeVersion,
  v8Version: 'v8',
  source: 'path',
});
const pair = { server: runtime('22.1.0'), client: runtime('24.2.0'), label: 'server22.1.0-client24.2.0' };
const measured = (client: string, server: string | null) => ({
  ...sampleResult({ name: 'a', transport: 'json', variant: 'json', runs: [] }),
  runtime: {
    client: { nodeVersion: client, v8Version: 'c' },
    server: server === null ? null : { nodeVersion: server, v8Version: 's' },
  },
});

describe('stampRuntime', () => {
  it('labels results whose processes report the runtimes they were started on', () => {
    const [stamped] = stampRuntime([measured('24.2.0', '22.1.0')], pair);
    expect(stamped.runtime).toEqual({
      client: { nodeVersion: '24.2.0', v8Version: 'c' },
      server: { nodeVersion: '22.1.0', v8Version: 's' },
      label: 'server22.1.0-client24.2.0',
    });
  });

  it('fails in one line when a process reports another node, or none', () => {
    expect(() => stampRuntime([measured('20.0.0', '22.1.0')], pair)).toThrow(
      'node runtime server22.1.0-client24.2.0: the client measuring a json reports node 20.0.0, not the ' +
        '24.2.0 it was started on (/opt/node-24.2.0/bin/node)',
    );
    expect(() => stampRuntime([measured('24.2.0', '24.2.0')], pair)).toThrow(
      'the json-server answering a json reports node 24.2.0, not the 22.1.0',
    );
    expect(() => stampRuntime([measured('24.2.0', null)], pair)).toThrow(
      'the json-server answering a json did not report its node version',
    );
  });
});
