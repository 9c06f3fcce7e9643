import { SAMPLE_RUN, sampleResult } from '@app/explain';
import { runtimesLine } from './runtimes-line';

const node = (nodeVersion: string) => ({ nodeVersion, v8Version: `v8-${nodeVersion}` });
const resolved = (nodeVersion: string, path = `/n/${nodeVersion}`) => ({
  spec: nodeVersion,
  path,
  ...node(nodeVersion),
  source: 'cache',
});

describe('runtimesLine', () => {
  it('names the runtimes compared, split or not', () => {
    const run = {
      ...SAMPLE_RUN,
      runtimes: [
        { label: 'node22.1.0', server: resolved('22.1.0'), client: resolved('22.1.0') },
        { label: 'server24.1.0-client22.1.0', server: resolved('24.1.0'), client: resolved('22.1.0') },
      ],
    };
    expect(runtimesLine(run)).toBe(
      'node22.1.0: servers and client on Node 22.1.0 (V8 v8-22.1.0); server24.1.0-client22.1.0: servers on ' +
        'Node 24.1.0 (V8 v8-24.1.0), client on Node 22.1.0 (V8 v8-22.1.0)',
    );
  });

  it('marks a Node that was past its end of life on the day of the run, and only then', () => {
    const result = sampleResult({ name: 'a', transport: 'json', runs: [] });
    const on = (startedAt: string) =>
      runtimesLine({
        ...SAMPLE_RUN,
        startedAt,
        scenarios: [{ ...result, runtime: { client: node('20.20.2'), server: node('24.1.0') } }],
      });
    expect(on('2026-11-28T00:00:00.000Z')).toBe(
      'client Node 20.20.2 (V8 v8-20.20.2, past its end of life 2026-04-30); servers Node 24.1.0 (V8 v8-24.1.0)',
    );
    expect(on('2026-01-01T00:00:00.000Z')).not.toContain('end of life');
  });

  it('without --node, says what the client and the servers reported, and null for older files', () => {
    const result = sampleResult({ name: 'a', transport: 'json', runs: [] });
    expect(
      runtimesLine({
        ...SAMPLE_RUN,
        scenarios: [{ ...result, runtime: { client: node('20.1.0'), server: node('20.1.0') } }],
      }),
    ).toBe('client Node 20.1.0 (V8 v8-20.1.0); servers Node 20.1.0 (V8 v8-20.1.0)');
    expect(
      runtimesLine({ ...SAMPLE_RUN, scenarios: [{ ...result, runtime: { client: node('20.1.0'), server: null } }] }),
    ).toContain('servers not reported');
    expect(runtimesLine({ ...SAMPLE_RUN, scenarios: [result] })).toBeNull();
  });
});
