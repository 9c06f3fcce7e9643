// The article's largest case: 1,000,000 rows in one response on each transport, verified by checksum
// (the client rejects anything else with a 502, so a 200 with verified=true means every row arrived intact).
import { getJson, startStack, Stack } from './support/stack';

jest.setTimeout(240_000);

const ROWS = 1_000_000;

describe('1,000,000 rows in one request', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => stack?.stop());

  it.each(['json', 'grpc'])('arrives complete and verified over %s', async (transport) => {
    const { status, body } = await getJson(`${stack.clientUrl}/client/${transport}/single/${ROWS}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ transport, rowsPerRequest: ROWS, rowsReceivedPerRun: ROWS, verified: true });
    expect(body.runs[0]).toMatchObject({ rowsReceived: ROWS, verified: true });
    // The article's rows are ~277 bytes as JSON and ~156 bytes as protobuf.
    expect(body.payloadBytesPerRun).toBeGreaterThan(ROWS * (transport === 'json' ? 250 : 140));
  });

  it('refuses one row more than the default limit with a 400', async () => {
    const { status, body } = await getJson(`${stack.clientUrl}/client/grpc/single/${ROWS + 1}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ parameter: 'rows', limit: { max: ROWS } });
  });
});
