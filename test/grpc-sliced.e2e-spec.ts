// grpc-sliced through the client app: the grpc path with the server encoding in slices of GRPC_SLICE_ROWS, which
// must put the same message on the wire, so payloads are equal to grpc's and wire bytes nearly so (only the
// request's one metadata entry and the server-timing trailer's digits differ).
import { getJson, useStackWithResults } from './support/stack';

jest.setTimeout(90_000);

/**
 * Per request, the sliced request carries `wirebench-slice-rows: 1000` (~30 bytes with HPACK) and trailer digits vary.
 */
const WIRE_MARGIN_BYTES = 200;

describe('grpc-sliced', () => {
  const setup = useStackWithResults('wirebench-grpc-sliced-');

  it(
    'GET /client/grpc/single/:rows?variant=grpc-sliced&wire=1: verified, the same payload as grpc, wire ' +
      'bytes within a small margin',
    async () => {
      const base = `${setup.stack.clientUrl}/client/grpc/single/10000`;
      const [sliced, plain] = [
        await getJson(`${base}?variant=grpc-sliced&wire=1`),
        await getJson(`${base}?variant=grpc&wire=1`),
      ];
      expect(sliced.status).toBe(200);
      expect(sliced.body).toMatchObject({
        transport: 'grpc',
        variant: 'grpc-sliced',
        verified: true,
        rowsReceivedPerRun: 10_000,
      });
      expect(plain.body).toMatchObject({ variant: 'grpc', verified: true });
      expect(sliced.body.payloadBytesPerRequest).toBe(plain.body.payloadBytesPerRequest);
      expect(sliced.body.wire.bytesInPerRequest).toBeGreaterThan(sliced.body.payloadBytesPerRequest);
      expect(Math.abs(sliced.body.wire.bytesPerRequest - plain.body.wire.bytesPerRequest)).toBeLessThanOrEqual(
        WIRE_MARGIN_BYTES,
      );
    },
  );

  it(
    'GET /client/bench?variants=grpc,grpc-sliced,grpc-bare&rows=10000: all verified, equal payloads, sliced ' +
      'named with its factor',
    async () => {
      const { status, body } = await getJson(
        `${setup.stack.clientUrl}/client/bench?variants=grpc,grpc-sliced,grpc-bare&rows=10000&requests=2&runs=2&wire=1`,
      );
      expect(status).toBe(200);
      const byVariant = Object.fromEntries(body.results.map((r: any) => [r.variant, r]));
      expect(Object.keys(byVariant)).toEqual(['grpc', 'grpc-sliced', 'grpc-bare']);
      for (const r of body.results)
        expect(r).toMatchObject({ transport: 'grpc', verified: true, rowsReceivedPerRun: 20_000 });
      expect(byVariant['grpc-sliced'].payloadBytesPerRequest).toBe(byVariant.grpc.payloadBytesPerRequest);
      expect(byVariant['grpc-bare'].payloadBytesPerRequest).toBe(byVariant.grpc.payloadBytesPerRequest);
      expect(
        Math.abs(byVariant['grpc-sliced'].wire.bytesPerRequest - byVariant.grpc.wire.bytesPerRequest),
      ).toBeLessThanOrEqual(WIRE_MARGIN_BYTES);
    },
  );

  it('is a grpc-family variant only: /client/json/single refuses it, naming the JSON variants', async () => {
    const { status, body } = await getJson(`${setup.stack.clientUrl}/client/json/single/1?variant=grpc-sliced`);
    expect(status).toBe(400);
    expect(body.parameter).toBe('variant');
    expect(body.limit.values).not.toContain('grpc-sliced');
  });
});
