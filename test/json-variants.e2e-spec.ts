// The JSON-family variants of "explain the result", each a real client path through the client app against the real
// JSON server on Express, on Fastify and on h2c: verified, payload and wire bytes counted, one factor at a time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VARIANT_NAMES, VARIANTS } from '@app/bench';
import { nativeAppsUnavailable } from '@app/bootstrap';
import { AppLauncher, isListening } from '@app/bootstrap';
import { loadConfig } from '@app/config';
import { cleanEnv } from './support/app-process';
import { getJson, portsEnv, useStackWithResults } from './support/stack';

jest.setTimeout(120_000);

// One reply per request: a streaming variant (json-stream) runs in the engine's stream mode and has its own suite, as
// the Go reference server's (go-json) has: test/go-servers.e2e-spec.ts.
const JSON_VARIANTS = VARIANT_NAMES.filter(
  (v) => VARIANTS[v].family === 'json' && !VARIANTS[v].streaming && !VARIANTS[v].native,
);

describe('JSON-family variants', () => {
  // The Go reference servers too where built: a 400's list of variants names theirs, and the list is run.
  const goServers = nativeAppsUnavailable() === null;
  const setup = useStackWithResults('wirebench-json-variants-', { jsonVariants: true, bareConnect: true, goServers });
  const client = () => setup.stack.clientUrl;

  it('registers each JSON path and its +gzip twin, one factor from its baseline', () => {
    expect(JSON_VARIANTS).toEqual([
      'json',
      'json-undici',
      'proto-http',
      'json-fastify',
      'json-h2',
      'json-h2-window',
      'json-fjs',
      'proto-http-static',
      'json+gzip',
      'json-undici+gzip',
      'json-fastify+gzip',
      'json-h2+gzip',
      'proto-http+gzip',
    ]);
    expect(VARIANTS['proto-http']).toMatchObject({ baseline: 'json', factor: 'encoding' });
    expect(VARIANTS['json-fastify']).toMatchObject({ baseline: 'json', factor: 'server framework' });
    expect(VARIANTS['json-h2']).toMatchObject({ baseline: 'json-fastify', factor: 'protocol' });
    expect(VARIANTS['json-h2+gzip']).toMatchObject({ baseline: 'json-h2', factor: 'compression' });
    expect(VARIANTS['json-h2-window']).toMatchObject({ baseline: 'json-h2', factor: 'flow control' });
    expect(VARIANTS['json-fjs']).toMatchObject({
      baseline: 'json-fastify',
      factor: 'serializer',
      serializer: 'fast-json-stringify',
    });
  });

  it(
    'times every JSON-family variant, verified, with the same payload as its uncompressed twin and its wire ' +
      'bytes counted',
    async () => {
      const { status, body } = await getJson(
        `${client()}/client/bench?variants=` +
          `${encodeURIComponent(JSON_VARIANTS.join(','))}&rows=2000&requests=2&runs=1&wire=1`,
      );
      expect(status).toBe(200);
      const by = Object.fromEntries(body.results.map((r: any) => [r.variant, r]));
      expect(Object.keys(by)).toEqual(JSON_VARIANTS);
      for (const r of body.results) {
        expect(r).toMatchObject({ transport: 'json', verified: true, rowsReceivedPerRun: 4000 });
        expect(r.payloadBytesPerRequest).toBeGreaterThan(0);
        expect(r.wire.bytesPerRequest).toBeGreaterThan(0);
      }
      // Same server code, same JSON text; only the framework, protocol or client changed.
      for (const v of ['json-undici', 'json-fastify', 'json-h2', 'json-h2-window', 'json-fjs'])
        expect(by[v].payloadBytesPerRequest).toBe(by.json.payloadBytesPerRequest);
      // Each HTTP/2 path records the window its client offered; HTTP/1.1 has none.
      expect([
        by['json-h2'].target.http2WindowBytes,
        by['json-h2-window'].target.http2WindowBytes,
        by.json.target.http2WindowBytes,
      ]).toEqual([65_535, 4 * 1024 * 1024, undefined]);
      expect(by['proto-http'].payloadBytesPerRequest).toBeLessThan(by.json.payloadBytesPerRequest);
      for (const v of ['json', 'json-undici', 'json-fastify', 'json-h2', 'proto-http']) {
        // Payload bytes are the body after gunzip, so a twin carries the same payload; the wire shows the saving.
        expect(by[`${v}+gzip`].payloadBytesPerRequest).toBe(by[v].payloadBytesPerRequest);
        expect(by[`${v}+gzip`].wire.bytesPerRequest).toBeLessThan(by[v].wire.bytesPerRequest);
        expect(by[v].wire.bytesPerRequest).toBeGreaterThan(by[v].payloadBytesPerRequest);
      }
    },
  );

  it(
    'at 10,000 rows: json+gzip puts well under half the bytes of json on the wire, and proto-http carries ' +
      "exactly gRPC's payload",
    async () => {
      const { status, body } = await getJson(
        `${client()}/client/bench?variants=json,json%2Bgzip,proto-http,grpc&rows=10000&requests=1&runs=1&wire=1`,
      );
      expect(status).toBe(200);
      const by = Object.fromEntries(body.results.map((r: any) => [r.variant, r]));
      for (const r of body.results) expect(r.verified).toBe(true);
      expect(by['json+gzip'].wire.bytesPerRequest).toBeLessThan(by.json.wire.bytesPerRequest / 4);
      expect(by['proto-http'].payloadBytesPerRequest).toBe(by.grpc.payloadBytesPerRequest);
      process.stdout.write(
        `10,000 rows, bytes per request (payload / ` +
          `wire): ${['json', 'json+gzip', 'proto-http', 'grpc']
            .map((v) => `${v} ${by[v].payloadBytesPerRequest} / ${by[v].wire.bytesPerRequest}`)
            .join('; ')}\n`,
      );
    },
  );

  it(
    'the compare URL of docs/variants.md, json+gzip typed raw (a + in a query is a space), answers 200; ' +
      'json-undici-gzip names json-undici+gzip',
    async () => {
      const { status, body } = await getJson(
        `${client()}/client/compare?variants=json,grpc,grpc-sliced,json+gzip&rows=10000&runs=5`,
      );
      expect(status).toBe(200);
      expect(body.results.map((r: any) => r.variant)).toEqual(['json', 'grpc', 'grpc-sliced', 'json+gzip']);
      expect((await getJson(`${client()}/client/json/single/10?variant=json-undici-gzip`)).body).toMatchObject({
        variant: 'json-undici+gzip',
        verified: true,
      });
    },
  );

  it(
    'a name it cannot read is a 400 whose list of variants holds only names that work typed raw in a ' + 'URL',
    async () => {
      const refused = await getJson(`${client()}/client/compare?variants=json,json+gzipp`);
      expect(refused.status).toBe(400);
      const listed: string[] = refused.body.limit.values;
      expect(listed).not.toContain('json gzipp');
      expect(listed).not.toContain('json+gzipp');
      const runnable = listed.filter((v) => goServers || !VARIANTS[v as keyof typeof VARIANTS].native);
      const typed = await getJson(`${client()}/client/bench?variants=${runnable.join(',')}&rows=1&runs=1&warmup=0`);
      expect({ status: typed.status, variants: typed.body.results?.map((r: any) => r.variant) }).toEqual({
        status: 200,
        variants: runnable,
      });
    },
  );

  it.each(JSON_VARIANTS)(
    'GET /client/json/single/:rows?variant=%s&wire=1 is verified, with payload and wire bytes',
    async (variant) => {
      const { status, body } = await getJson(
        `${client()}/client/json/single/300?variant=${encodeURIComponent(variant)}&wire=1`,
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({ transport: 'json', variant, verified: true });
      expect(body.payloadBytesPerRequest).toBeGreaterThan(0);
      expect(body.wire.bytesPerRequest).toBeGreaterThan(0);
    },
  );

  it('json-h2 talks to a server that answers HTTP/2 only: an HTTP/1.1 request to it gets no response', async () => {
    const h2Url = `http://127.0.0.1:${setup.stack.env.H2_JSON_SERVER_PORT}/samples/1`;
    const answer = await fetch(h2Url).then(
      (r) => r.status,
      (e: Error) => e.message,
    );
    expect(answer).not.toBe(200);
    expect((await getJson(`${client()}/client/json/single/5?variant=json-h2`)).body).toMatchObject({
      variant: 'json-h2',
      verified: true,
    });
  });
});

describe('the launcher npm run bench uses', () => {
  it('starts the Fastify and h2c JSON servers when they are not running, and stops them', async () => {
    const env = await portsEnv();
    const dir = mkdtempSync(join(tmpdir(), 'wirebench-launch-'));
    const launcher = new AppLauncher(loadConfig(env));
    try {
      const started = await launcher.ensureRunning(
        join(dir, 'apps.log'),
        () => undefined,
        ['json-fastify-server', 'json-h2-server'],
        cleanEnv(env) as Record<string, string>,
      );
      expect(started).toEqual(['json-fastify-server', 'json-h2-server']);
      const fastify = await fetch(`http://127.0.0.1:${env.FASTIFY_JSON_SERVER_PORT}/samples/2`, {
        headers: { 'accept-encoding': 'identity' },
      });
      expect(fastify.status).toBe(200);
      expect(fastify.headers.get('server-timing')).toMatch(/^generate;dur=[\d.]+, serialize;dur=[\d.]+$/);
      expect(((await fastify.json()) as { samples: unknown[] }).samples).toHaveLength(2);
    } finally {
      await launcher.stopStarted();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(await isListening('127.0.0.1', Number(env.H2_JSON_SERVER_PORT))).toBe(false);
  });
});
