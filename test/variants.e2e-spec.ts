// The variant axis: each variant a real client path against the real servers, verified, recorded in every result.
import { parse } from 'csv-parse/sync';
import { VARIANT_NAMES, VARIANTS } from '@app/bench';
import { getJson, useStackWithResults } from './support/stack';

jest.setTimeout(60_000);

describe('variants', () => {
  const setup = useStackWithResults('wirebench-variants-');

  it(
    'times every variant side by side, each verified, with the same payload as its baseline and wire bytes ' +
      'counted',
    async () => {
      const { status, body } = await getJson(
        `${setup.stack.clientUrl}/client/bench?variants=json,grpc,json-undici,grpc-bare&rows=100&requests=3&` +
          `runs=2&wire=1&save=1`,
      );
      expect(status).toBe(200);
      const byVariant = Object.fromEntries(body.results.map((r: any) => [r.variant, r]));
      expect(Object.keys(byVariant)).toEqual(['json', 'grpc', 'json-undici', 'grpc-bare']);
      expect(body.results.map((r: any) => r.transport)).toEqual(['json', 'grpc', 'json', 'grpc']);
      for (const r of body.results) {
        expect(r).toMatchObject({ verified: true, rowsReceivedPerRun: 300 });
        expect(r.wire.bytesPerRequest).toBeGreaterThan(r.payloadBytesPerRequest);
      }
      // Only the client library differs: the same server sends the same bytes.
      expect(byVariant['json-undici'].payloadBytesPerRequest).toBe(byVariant.json.payloadBytesPerRequest);
      expect(byVariant['grpc-bare'].payloadBytesPerRequest).toBe(byVariant.grpc.payloadBytesPerRequest);

      const runs: Record<string, string>[] = parse(
        await (await fetch(`${setup.stack.clientUrl}/client/results/client-endpoints/runs.csv`)).text(),
        { columns: true },
      );
      expect([...new Set(runs.map((r) => r.variant))]).toEqual(['json', 'grpc', 'json-undici', 'grpc-bare']);
      const summary: Record<string, string>[] = parse(
        await (await fetch(`${setup.stack.clientUrl}/client/results/client-endpoints/summary.csv`)).text(),
        { columns: true },
      );
      expect(summary.map((r) => `${r.transport}/${r.variant}`)).toEqual([
        'json/json',
        'grpc/grpc',
        'json/json-undici',
        'grpc/grpc-bare',
      ]);
    },
  );

  it('takes ?variant= of the route family on the single and parallel endpoints', async () => {
    const single = await getJson(`${setup.stack.clientUrl}/client/json/single/10?variant=json-undici`);
    expect(single.status).toBe(200);
    expect(single.body).toMatchObject({ transport: 'json', variant: 'json-undici', verified: true });
    const parallel = await getJson(`${setup.stack.clientUrl}/client/call-b-parallel/5?variant=grpc-bare`);
    expect(parallel.body).toMatchObject({ transport: 'grpc', variant: 'grpc-bare', requests: 5, verified: true });
    expect((await getJson(`${setup.stack.clientUrl}/client/grpc/single/1`)).body.variant).toBe('grpc');
  });

  it(
    'compares any variants on /client/compare?variants=, each against its baseline when it ran, with ' + 'phases',
    async () => {
      const { status, body } = await getJson(
        `${setup.stack.clientUrl}/client/compare?variants=json,grpc,grpc-bare&rows=200&runs=3`,
      );
      expect(status).toBe(200);
      expect(body.results.map((r: any) => [r.variant, r.mode, r.verified])).toEqual([
        ['json', 'single', true],
        ['grpc', 'single', true],
        ['grpc-bare', 'single', true],
      ]);
      expect(body.versus.map((v: any) => [v.variant, v.against, v.factor])).toEqual([
        ['grpc', 'json', null],
        ['grpc-bare', 'grpc', 'client library'],
      ]);
      for (const v of body.versus) {
        expect(v.medianRatio).toBeGreaterThan(0);
        expect(v.ratioCi.low).toBeLessThanOrEqual(v.ratioCi.high);
        expect(typeof v.distinguishable).toBe('boolean');
      }
      for (const r of body.results) {
        expect(r.phases.requestMs).toBeGreaterThan(0);
        expect(r.phases.requestMs).toBeLessThanOrEqual(r.stats.maxMs);
      }
      // Without ?variants= the reply keeps the article pair's shape.
      const pair = await getJson(`${setup.stack.clientUrl}/client/compare?rows=10`);
      expect(Object.keys(pair.body).sort()).toEqual([
        'distinguishable',
        'faster',
        'grpc',
        'json',
        'ratio',
        'tooFewRuns',
        'verdict',
      ]);
    },
  );

  it.each([
    ['/client/json/single/1?variant=grpc-bare', 'variant', VARIANT_NAMES.filter((v) => VARIANTS[v].family === 'json')],
    ['/client/bench?variants=json,nope', 'variants', VARIANT_NAMES],
    ['/client/compare?variants=grpc,soap', 'variants', VARIANT_NAMES],
    ['/client/compare?variants=json,json', 'variants', VARIANT_NAMES],
    ['/client/bench?variants=json&transports=grpc', 'variants', undefined],
  ])('%s -> 400 naming %s and the valid variants', async (path, parameter, values) => {
    const { status, body } = await getJson(`${setup.stack.clientUrl}${path}`);
    expect(status).toBe(400);
    expect(body.parameter).toBe(parameter);
    if (values) expect(body.limit.values).toEqual(values);
  });
});
