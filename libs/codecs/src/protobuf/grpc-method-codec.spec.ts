import {
  credentials,
  makeGenericClientConstructor,
  Server,
  ServerCredentials,
  type Client,
  type ServiceDefinition,
} from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { LOADER_OPTIONS } from '@app/grpc';
import { findProtoFile, getShape, newShapeChecksum, shapeNames } from '@app/shapes';
import { getProtobufCodec, protobufCodecNames } from './protobuf-codecs';
import { withResponseCodec } from './grpc-method-codec';
import { servesBuiltIn } from './fixtures/refused-shapes';

const ROWS = 300;

// A real grpc-js server and client on 127.0.0.1, built from a service definition whose reply (de)serializers are
// the codec's: the shape's rows cross the transport and come back with the generator's checksum.
describe.each(shapeNames())('withResponseCodec, shape %s', (shapeName) => {
  const shape = getShape(shapeName);
  const proto = loadSync(findProtoFile(shape.protoFile), LOADER_OPTIONS)[
    shape.grpcService
  ] as unknown as ServiceDefinition;
  const expected = newShapeChecksum(shape)
    .add(shape.rows(ROWS).map((row) => shape.toJson(row)))
    .digest();

  it.each(protobufCodecNames().filter((name) => servesBuiltIn(name, shapeName)))(
    '%s: GetRows and StreamRows arrive whole',
    async (codecName) => {
      const codec = getProtobufCodec(codecName);
      const bound = codec.forShape(shape);
      const service = withResponseCodec(proto, shape, codec);
      const server = new Server();
      server.addService(service, {
        [shape.unaryMethod]: (call: { request: { count: number } }, callback: (e: null, reply: unknown) => void) =>
          callback(null, bound.prepare(shape.rows(call.request.count))),
        [shape.streamMethod]: (call: {
          request: { count: number };
          write: (reply: unknown) => void;
          end: () => void;
        }) => {
          for (let offset = 0; offset < call.request.count; offset += 100)
            call.write(bound.prepare(shape.rows(Math.min(100, call.request.count - offset), offset)));
          call.end();
        },
      });
      const port = await new Promise<number>((resolve, reject) =>
        server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
      );
      const client = new (makeGenericClientConstructor(service, shape.grpcService))(
        `127.0.0.1:${port}`,
        credentials.createInsecure(),
      ) as Client & Record<string, (...args: unknown[]) => unknown>;
      try {
        const unary = await new Promise<unknown>((resolve, reject) =>
          client[shape.unaryMethod]({ count: ROWS }, (e: Error | null, reply: unknown) =>
            e ? reject(e) : resolve(reply),
          ),
        );
        expect(newShapeChecksum(shape).add(bound.toJsonRows(unary)).digest()).toEqual(expected);
        const streamed = newShapeChecksum(shape);
        const stream = client[shape.streamMethod]({ count: ROWS }) as NodeJS.ReadableStream;
        for await (const reply of stream) streamed.add(bound.toJsonRows(reply));
        expect(streamed.digest()).toEqual(expected);
      } finally {
        client.close();
        server.forceShutdown();
      }
    },
  );
});
