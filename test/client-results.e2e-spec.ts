// /client/bench (the endpoint the bench CLI uses), ?save=1, and saved results as downloads.
import { RUNS_CSV_COLUMNS, SUMMARY_CSV_COLUMNS } from '@app/printers';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { getJson, useStackWithResults } from './support/stack';

jest.setTimeout(60_000);

describe('client results and the general bench endpoint', () => {
  const setup = useStackWithResults('wirebench-results-');
  const { resultsDir } = setup;

  it('GET /client/bench runs the chosen transports interleaved, with CPU, memory and wire bytes', async () => {
    const { status, body } = await getJson(
      `${setup.stack.clientUrl}/client/bench?transports=grpc,json&rows=100&requests=3&runs=2&wire=1&name=mine`,
    );
    expect(status).toBe(200);
    expect(body.results.map((r: any) => r.transport)).toEqual(['grpc', 'json']);
    for (const r of body.results) {
      expect(r).toMatchObject({ name: 'mine', mode: 'parallel', requests: 3, verified: true });
      expect(r.resources.serverCpuMs).toBeGreaterThan(0);
      expect(r.resources.clientCpuMs).toBeGreaterThan(0);
      expect(r.resources.serverPeakRssBytes).toBeGreaterThan(0);
      expect(r.resources.notes).toEqual([]);
      expect(r.wire.bytesPerRequest).toBeGreaterThan(r.payloadBytesPerRequest);
      expect(r.runs.every((s: any) => s.serverCpuMs > 0)).toBe(true);
    }
    // Headers and framing: HTTP/1.1 headers cost more than gRPC's HPACK-compressed ones for a small body.
    const [grpc, json] = body.results;
    expect(json.wire.bytesPerRequest - json.payloadBytesPerRequest).toBeGreaterThan(
      grpc.wire.bytesPerRequest - grpc.payloadBytesPerRequest,
    );
  });

  it.each([
    ['transports=json,soap', 'transports'],
    ['transports=json,json', 'transports'],
    ['mode=burst', 'mode'],
    ['wire=yes', 'wire'],
    ['name=%0A', 'name'],
  ])('GET /client/bench?%s -> 400 naming %s', async (query, parameter) => {
    const { status, body } = await getJson(`${setup.stack.clientUrl}/client/bench?${query}`);
    expect(status).toBe(400);
    expect(body.parameter).toBe(parameter);
  });

  it('?save=1 appends endpoint runs to client-endpoints/runs.csv and summary.csv in the bench columns', async () => {
    expect((await getJson(`${setup.stack.clientUrl}/client/json/single/10?runs=2&save=1&label=first`)).status).toBe(
      200,
    );
    expect((await getJson(`${setup.stack.clientUrl}/client/compare?rows=5&runs=3&save=1`)).status).toBe(200);
    const runs = await fetch(`${setup.stack.clientUrl}/client/results/client-endpoints/runs.csv`);
    expect(runs.status).toBe(200);
    expect(runs.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(runs.headers.get('content-disposition')).toBe('attachment; filename="client-endpoints-runs.csv"');
    const records: Record<string, string>[] = parse(await runs.text(), { columns: true });
    expect(Object.keys(records[0])).toEqual(RUNS_CSV_COLUMNS.map((c) => c.name));
    expect(records).toHaveLength(2 + 3 * 2);
    expect(records[0]).toMatchObject({ label: 'first', transport: 'json', rows_per_request: '10', verified: 'true' });
    const summary: Record<string, string>[] = parse(
      await (await fetch(`${setup.stack.clientUrl}/client/results/client-endpoints/summary.csv`)).text(),
      { columns: true },
    );
    expect(Object.keys(summary[0])).toEqual(SUMMARY_CSV_COLUMNS.map((c) => c.name));
    expect(summary.map((r) => r.transport)).toEqual(['json', 'json', 'grpc']);
  });

  it('GET /client/results lists saved runs newest first with links to their files', async () => {
    const dir = join(resultsDir, '2026-01-01T00-00-00Z-quick');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'result.json'),
      JSON.stringify({
        id: '2026-01-01T00-00-00Z-quick',
        preset: 'quick',
        label: 'x',
        startedAt: 's',
        endedAt: 'e',
        endReason: 'completed',
        scenarios: [{}, {}],
      }),
    );
    writeFileSync(join(dir, 'summary.csv'), 'a,b\r\n1,2\r\n');
    const { status, body } = await getJson(`${setup.stack.clientUrl}/client/results`);
    expect(status).toBe(200);
    expect(body.map((r: any) => r.id)).toEqual(['client-endpoints', '2026-01-01T00-00-00Z-quick']);
    expect(body[1]).toMatchObject({
      preset: 'quick',
      label: 'x',
      results: 2,
      files: { 'summary.csv': '/client/results/2026-01-01T00-00-00Z-quick/summary.csv' },
    });
    const download = await fetch(`${setup.stack.clientUrl}${body[1].files['summary.csv']}`);
    expect(await download.text()).toBe('a,b\r\n1,2\r\n');
  });

  it(
    'GET /client/results lists load runs with levels.csv, and unreadable runs with an error, never a ' + '500',
    async () => {
      const load = join(resultsDir, '2026-02-01T00-00-00Z-load');
      mkdirSync(load, { recursive: true });
      writeFileSync(
        join(load, 'result.json'),
        JSON.stringify({
          kind: 'load',
          id: '2026-02-01T00-00-00Z-load',
          label: null,
          startedAt: 's',
          endedAt: null,
          endReason: 'running',
          levels: [{}, {}, {}],
        }),
      );
      writeFileSync(join(load, 'levels.csv'), 'run_id\r\nx\r\n');
      const broken: Record<string, string> = {
        '2026-03-01T00-00-00Z-empty': '{}',
        '2026-03-02T00-00-00Z-null': '{"scenarios":null}',
        '2026-03-03T00-00-00Z-half': '{"id":"2026-03-03T00-00-00Z-half","scen',
      };
      for (const [id, text] of Object.entries(broken)) {
        mkdirSync(join(resultsDir, id), { recursive: true });
        writeFileSync(join(resultsDir, id, 'result.json'), text);
      }
      symlinkSync(join(resultsDir, 'gone'), join(resultsDir, '2026-04-01T00-00-00Z-dangling'));

      const { status, body } = await getJson(`${setup.stack.clientUrl}/client/results`);
      expect(status).toBe(200);
      const byId = Object.fromEntries(body.map((r: any) => [r.id, r]));
      expect(byId['2026-02-01T00-00-00Z-load']).toMatchObject({
        kind: 'load',
        results: 3,
        endReason: 'running',
        error: null,
      });
      expect(byId['2026-01-01T00-00-00Z-quick']).toMatchObject({ kind: 'bench', results: 2, error: null });
      expect(byId['client-endpoints']).toMatchObject({ kind: 'endpoint', error: null });
      for (const id of Object.keys(broken)) {
        expect(byId[id]).toMatchObject({ kind: null, results: null });
        expect(byId[id].error).toEqual(expect.stringContaining('result.json'));
        expect(byId[id].files['result.json']).toBe(`/client/results/${id}/result.json`);
      }
      expect(byId['2026-04-01T00-00-00Z-dangling'].error).toMatch(/ENOENT/);

      const levels = await fetch(`${setup.stack.clientUrl}${byId['2026-02-01T00-00-00Z-load'].files['levels.csv']}`);
      expect(levels.status).toBe(200);
      expect(levels.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(await levels.text()).toBe('run_id\r\nx\r\n');
    },
  );

  it.each([
    '..%2F..%2Fetc/passwd',
    'nope/summary.csv',
    '2026-01-01T00-00-00Z-quick/runs.csv',
    '2026-01-01T00-00-00Z-quick/secret.txt',
  ])('GET /client/results/%s is a 404, never a file outside the results', async (path) => {
    expect((await fetch(`${setup.stack.clientUrl}/client/results/${path}`)).status).toBe(404);
  });
});
