// What the gRPC servers will serve for the user's message, checked before they are wired to it: the run-time wrapper
// and service (wirebench.user) given to a real grpc-js server with the project's health and reflection, then
// described and called by grpcurl (reflection only, no .proto), and its reply verified as the bench verifies rows.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { Server, ServerCredentials, ServiceDefinition, ServerUnaryCall, sendUnaryData } from '@grpc/grpc-js';
import { addHealthAndReflection, LOADER_OPTIONS } from '@app/grpc';
import { canonicalFromProtobuf, protoJsonName, Shape, shapeChecksum, toJsonRow, userShape } from '@app/shapes';
import { ROOT } from './support/app-process';
import { findGrpcurl } from './support/grpcurl';

jest.setTimeout(60_000);

const grpcurl = findGrpcurl();
const maybe = grpcurl.bin ? describe : describe.skip;

maybe('the user shape over gRPC, through reflection (grpcurl)', () => {
  let shape: Shape;
  let server: Server;
  let address: string;

  beforeAll(async () => {
    shape = userShape({ protoFile: join(ROOT, 'examples', 'order.proto'), message: 'shop.v1.Order', sampleFile: join(ROOT, 'examples', 'order.sample.json') });
    const pkg = shape.packageDefinition!(LOADER_OPTIONS);
    server = new Server();
    server.addService(pkg[shape.grpcService] as unknown as ServiceDefinition, {
      GetRows: (call: ServerUnaryCall<{ count: number }, unknown>, done: sendUnaryData<unknown>) => done(null, { rows: shape.rows(call.request.count) }),
      StreamRows: () => undefined,
    });
    addHealthAndReflection(pkg, server);
    const port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))));
    address = `127.0.0.1:${port}`;
  });

  afterAll(() => server?.forceShutdown());

  // Asynchronously: the server runs in this process, so a blocking call would leave it unable to answer.
  const run = async (...args: string[]) => (await promisify(execFile)(grpcurl.bin!, ['-plaintext', ...args], { encoding: 'utf8', timeout: 20_000 })).stdout;

  it('lists and describes the service and the user message', async () => {
    expect(await run(address, 'list')).toContain('wirebench.user.UserService');
    const described = await run(address, 'describe', 'wirebench.user.UserService');
    expect(described).toContain('rpc GetRows ( .wirebench.user.GetRowsParam ) returns ( .wirebench.user.Rows )');
    expect(described).toContain('rpc StreamRows ( .wirebench.user.StreamRowsParam ) returns ( stream .wirebench.user.Rows )');
    expect(await run(address, 'describe', 'shop.v1.Order')).toMatch(/map<string, string> attributes = 9;/);
  });

  it('fetches rows whose JSON (grpcurl prints the proto3 JSON mapping, Go\'s) checksums as the JSON servers\' rows do', async () => {
    const reply = JSON.parse(await run('-emit-defaults', '-d', '{"count": 3}', address, 'wirebench.user.UserService/GetRows')) as { rows: object[] };
    const expected = shape.rows(3).map((r) => toJsonRow(shape, r));
    const rows = reply.rows.map((r) => jsonNames(r) as ReturnType<typeof canonicalFromProtobuf>);
    expect(rows[1]).toEqual(expected[1]);
    expect(shapeChecksum(shape, rows)).toEqual(shapeChecksum(shape, expected));
  });
});

// proto-loader loads with keepCase, so the descriptors reflection serves give each field its proto name as json_name
// and grpcurl prints those: renamed here as the mapping names them (the example's map keys have no underscores).
function jsonNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonNames);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [protoJsonName(k), jsonNames(v)]));
}
