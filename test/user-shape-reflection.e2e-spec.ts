// What the gRPC servers serve for the user's message, checked on its own (the servers themselves:
// user-shape-bench.e2e-spec.ts): the run-time wrapper and service (wirebench.user) given to a real grpc-js server with
// the project's health and reflection, then described and called by grpcurl (reflection only, no .proto), and its reply
// verified as the bench verifies rows.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Server, ServerCredentials, ServiceDefinition, ServerUnaryCall, sendUnaryData } from '@grpc/grpc-js';
import { addHealthAndReflection, LOADER_OPTIONS } from '@app/grpc';
import { JsonRow, protoJsonName, Shape, shapeChecksum, toJsonRow, userShape } from '@app/shapes';
import { ROOT } from './support/app-process';
import { findGrpcurl } from './support/grpcurl';

jest.setTimeout(60_000);

const grpcurl = findGrpcurl();
const maybe = grpcurl.bin ? describe : describe.skip;

// Asynchronously: the server runs in this process, so a blocking call would leave it unable to answer.
const run = async (...args: string[]) =>
  (await promisify(execFile)(grpcurl.bin!, ['-plaintext', ...args], { encoding: 'utf8', timeout: 20_000 })).stdout;

/** A grpc-js server with the shape's service (GetRows only), health and reflection, as the gRPC servers add them. */
async function serve(shape: Shape): Promise<{ server: Server; address: string }> {
  const pkg = shape.packageDefinition!(LOADER_OPTIONS);
  const server = new Server();
  server.addService(pkg[shape.grpcService] as unknown as ServiceDefinition, {
    GetRows: (call: ServerUnaryCall<{ count: number }, unknown>, done: sendUnaryData<unknown>) =>
      done(null, { rows: shape.rows(call.request.count) }),
    StreamRows: () => undefined,
  });
  addHealthAndReflection(pkg, server);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
  );
  return { server, address: `127.0.0.1:${port}` };
}

// proto-loader loads with keepCase, so the descriptors reflection serves give each field its proto name as json_name
// and grpcurl prints those: renamed here as the mapping names them (these samples' map keys have no underscores).
function jsonNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonNames);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [protoJsonName(k), jsonNames(v)]));
}

/** Three rows fetched by grpcurl, in the JSON form, with the checksum the shape's own rows have. */
async function fetchedRowsMatch(shape: Shape, address: string): Promise<void> {
  const reply = JSON.parse(
    await run('-emit-defaults', '-d', '{"count": 3}', address, `${shape.grpcService}/GetRows`),
  ) as { rows: object[] };
  const rows = reply.rows.map((r) => jsonNames(r) as JsonRow);
  const expected = shape.rows(3).map((r) => toJsonRow(shape, r));
  expect(rows[1]).toEqual(expected[1]);
  expect(shapeChecksum(shape, rows)).toEqual(shapeChecksum(shape, expected));
}

maybe('the user shape over gRPC, through reflection (grpcurl)', () => {
  const servers: Server[] = [];
  afterAll(() => servers.forEach((s) => s.forceShutdown()));

  it('examples/order.proto: lists and describes the service and the message, and fetches verified rows', async () => {
    const shape = userShape({
      protoFile: join(ROOT, 'examples', 'order.proto'),
      message: 'shop.v1.Order',
      sampleFile: join(ROOT, 'examples', 'order.sample.json'),
    });
    const { server, address } = await serve(shape);
    servers.push(server);
    expect(await run(address, 'list')).toContain('wirebench.user.UserService');
    const described = await run(address, 'describe', 'wirebench.user.UserService');
    expect(described).toContain('rpc GetRows ( .wirebench.user.GetRowsParam ) returns ( .wirebench.user.Rows )');
    expect(described).toContain(
      'rpc StreamRows ( .wirebench.user.StreamRowsParam ) returns ( stream .wirebench.user.Rows )',
    );
    expect(await run(address, 'describe', 'shop.v1.Order')).toMatch(/map<string, string> attributes = 9;/);
    await fetchedRowsMatch(shape, address);
  });

  it('a message spread over packages and files (imports beside the file and from its folder)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wirebench-user-reflection-'));
    const files: Record<string, string> = {
      'api/order.proto':
        'syntax = "proto3"; package api; import "common/money.proto"; import ' +
        '"google/protobuf/timestamp.proto"; message Order { int64 id = 1; common.Money total = 2; ' +
        'google.protobuf.Timestamp at = 3; }',
      'api/common/money.proto':
        'syntax = "proto3"; package common; import "common/currency.proto"; message Money { Currency currency ' +
        '= 1; int64 micros = 2; }',
      'api/common/currency.proto':
        'syntax = "proto3"; package common; enum Currency { CURRENCY_UNSPECIFIED = 0; EUR = 1; }',
      'sample.json': '{"id": "1", "total": {"currency": "EUR", "micros": "1500000"}, "at": "2026-01-02T03:04:05.500Z"}',
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    const shape = userShape({
      protoFile: join(dir, 'api', 'order.proto'),
      message: 'api.Order',
      sampleFile: join(dir, 'sample.json'),
    });
    const { server, address } = await serve(shape);
    servers.push(server);
    expect(await run(address, 'describe', 'api.Order')).toContain('.common.Money total = 2;');
    await fetchedRowsMatch(shape, address);
  });
});
