// Calls every server test makes of a shape: one HTTP GET with its body and trailers, and a shape's unary and streaming
// gRPC methods through a plain grpc-js client, the rows in their JSON form (test/shapes-servers, test/go-servers).
import * as grpc from '@grpc/grpc-js';
import type { MethodDefinition } from '@grpc/proto-loader';
import { request as http1Request } from 'node:http';
import { connect } from 'node:http2';
import { loadSamplePackageDefinition } from '@app/grpc';
import { canonicalFromProtobuf, type JsonRow, type Shape } from '@app/shapes';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  trailers: Record<string, string | string[] | undefined>;
}

/** One GET of `path` from `url` over HTTP/1.1, or over h2c (prior knowledge) when `h2`, with the body and trailers. */
export function getReply(url: string, path: string, headers: Record<string, string> = {}, h2 = false): Promise<Reply> {
  if (h2) {
    return new Promise((resolve, reject) => {
      const session = connect(url);
      session.on('error', reject);
      const stream = session.request({ ':path': path, ...headers });
      const chunks: Buffer[] = [];
      let status = 0;
      let responseHeaders: Reply['headers'] = {};
      let trailers: Reply['trailers'] = {};
      stream.on('response', (h) => {
        status = Number(h[':status']);
        responseHeaders = h;
      });
      stream.on('trailers', (t) => (trailers = t));
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        session.close();
        resolve({ status, headers: responseHeaders, body: Buffer.concat(chunks), trailers });
      });
      stream.on('error', reject);
    });
  }
  return new Promise((resolve, reject) => {
    const req = http1Request(`${url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks), trailers: res.trailers }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

type Method = MethodDefinition<object, Record<string, object[]>>;
const pkg = loadSamplePackageDefinition();
const methodOf = (shape: Shape, name: string) => (pkg[shape.grpcService] as unknown as Record<string, Method>)[name];

/** A shape's unary method through a plain grpc-js client: the rows in JSON form, and the trailers. */
export function shapeUnary(
  client: grpc.Client,
  shape: Shape,
  request: object,
  metadata = new grpc.Metadata(),
): Promise<{ rows: JsonRow[]; trailers: grpc.Metadata }> {
  const method = methodOf(shape, shape.unaryMethod);
  return new Promise((resolve, reject) => {
    let reply: Record<string, object[]> | undefined;
    const call = client.makeUnaryRequest(
      method.path,
      method.requestSerialize,
      method.responseDeserialize,
      request,
      metadata,
      { deadline: Date.now() + 20_000 },
      (error, value) => {
        if (error) reject(error);
        reply = value;
      },
    );
    call.on('status', (status: grpc.StatusObject) => {
      if (status.code === grpc.status.OK)
        resolve({
          rows: reply![shape.rowsField].map((row) => canonicalFromProtobuf(shape, row)),
          trailers: status.metadata,
        });
    });
  });
}

/** A shape's streaming method: the rows of every message in JSON form, the message count and the trailers. */
export function shapeStream(
  client: grpc.Client,
  shape: Shape,
  request: object,
): Promise<{ rows: JsonRow[]; messages: number; trailers: grpc.Metadata }> {
  const method = methodOf(shape, shape.streamMethod);
  return new Promise((resolve, reject) => {
    const rows: JsonRow[] = [];
    let messages = 0;
    const call = client.makeServerStreamRequest(
      method.path,
      method.requestSerialize,
      method.responseDeserialize,
      request,
      new grpc.Metadata(),
      { deadline: Date.now() + 20_000 },
    );
    call.on('data', (message: Record<string, object[]>) => {
      messages++;
      rows.push(...message[shape.rowsField].map((row) => canonicalFromProtobuf(shape, row)));
    });
    call.on('error', reject);
    call.on('status', (status: grpc.StatusObject) => {
      if (status.code === grpc.status.OK) resolve({ rows, messages, trailers: status.metadata });
    });
  });
}
