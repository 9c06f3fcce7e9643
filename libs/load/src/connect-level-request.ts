import { request } from 'node:http';
import { create, toBinary, type DescMessage } from '@bufbuild/protobuf';
import { getProtobufCodec, protobufEsService } from '@app/codecs';
import { getShape } from '@app/shapes';
import { expectedDigest } from '@app/bench';
import type { HttpLevelRequest } from './http-level-request.interface';
import { levelShape } from './level-shape';
import type { LoadLevelSpec } from './load-level.interface';
import { MismatchError } from './mismatch-error';

/**
 * A Connect-protocol unary call as a plain HTTP/1.1 POST, what autocannon can send: `<address>/<service>/<method>`
 * (the shape's GetSamples / GetRows), `content-type: application/proto`, the request message `{ count }` encoded by
 * protobuf-es. A Connect unary reply body is the bare message (no envelope), so one reply's bytes are every reply's.
 */
export function connectUnaryPost(spec: LoadLevelSpec): Omit<HttpLevelRequest, 'expected'> {
  const shape = getShape(levelShape(spec));
  const method = protobufEsService(shape).methods.find((m) => m.name === shape.unaryMethod);
  if (!method) throw new Error(`${shape.grpcService} has no method ${shape.unaryMethod}`);
  const body = Buffer.from(
    toBinary(method.input as DescMessage, create(method.input as DescMessage, { count: spec.rows })),
  );
  return {
    url: `${spec.target.address}/${shape.grpcService}/${shape.unaryMethod}`,
    method: 'POST',
    headers: { 'content-type': 'application/proto', 'connect-protocol-version': '1' },
    body,
  };
}

/**
 * Why a Connect reply body is not the level's rows (row count, then the shape's checksum of their JSON form), or null.
 */
export function connectReplyProblem(spec: LoadLevelSpec, bytes: Uint8Array): string | null {
  const shape = getShape(levelShape(spec));
  const codec = getProtobufCodec('protobuf-es').forShape(shape);
  let decoded: unknown;
  try {
    decoded = codec.decode(bytes);
  } catch (error) {
    return `not a ${shape.grpcService} reply: ${(error as Error).message}`;
  }
  const count = codec.rowCount(decoded);
  if (count !== spec.rows) return `${count} rows, expected ${spec.rows}`;
  const checksum = shape.newChecksum().add(codec.toJsonRows(decoded)).digest().checksum;
  return checksum === expectedDigest(spec.rows, levelShape(spec)).checksum ? null : 'checksum';
}

/** One POST over node:http, its status and body. */
function post(call: Omit<HttpLevelRequest, 'expected'>, timeoutMs: number): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      call.url,
      { method: call.method, headers: call.headers, agent: false, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      },
    );
    req.on('timeout', () =>
      req.destroy(Object.assign(new Error(`no reply within ${timeoutMs} ms`), { code: 'timeout' })),
    );
    req.on('error', reject);
    req.end(call.body);
  });
}

/**
 * The level's request and its expected reply: one call made before the load, its reply verified by row count and
 * checksum, whose bytes every later reply must then equal (a memcmp per reply instead of a decode).
 */
export async function connectLevelRequest(spec: LoadLevelSpec): Promise<HttpLevelRequest> {
  const call = connectUnaryPost(spec);
  const reply = await post(call, spec.timeoutMs);
  if (reply.status !== 200)
    throw new Error(`${call.url}: HTTP ${reply.status} to the reference call: ${reply.body.toString('utf8', 0, 300)}`);
  const problem = connectReplyProblem(spec, reply.body);
  if (problem)
    throw new MismatchError(
      `${call.url}: the reference reply is not ${spec.rows} rows of ${levelShape(spec)}: ${problem}`,
    );
  return { ...call, expected: reply.body };
}
