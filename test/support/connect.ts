import type { Transport } from '@connectrpc/connect';
import { createConnectTransport, createGrpcTransport, createGrpcWebTransport } from '@connectrpc/connect-node';
import type { RowsDigest } from '@app/data-generator';
import { jsonRowsOf, shapeChecksum, type JsonRow, type Shape } from '@app/shapes';

/**
 * The protocols connect-es speaks, each as a client transport: Connect binary and JSON, gRPC (HTTP/2 only), gRPC-Web.
 */
export const CONNECT_PROTOCOLS = {
  'connect-binary': (baseUrl: string, httpVersion: '1.1' | '2') =>
    createConnectTransport({ baseUrl, httpVersion, useBinaryFormat: true }),
  'connect-json': (baseUrl: string, httpVersion: '1.1' | '2') =>
    createConnectTransport({ baseUrl, httpVersion, useBinaryFormat: false }),
  grpc: (baseUrl: string, httpVersion: '1.1' | '2') => {
    if (httpVersion !== '2') throw new Error('the gRPC protocol needs HTTP/2');
    return createGrpcTransport({ baseUrl });
  },
  'grpc-web': (baseUrl: string, httpVersion: '1.1' | '2') => createGrpcWebTransport({ baseUrl, httpVersion }),
} satisfies Record<string, (baseUrl: string, httpVersion: '1.1' | '2') => Transport>;

export type ConnectProtocol = keyof typeof CONNECT_PROTOCOLS;

/** Count and checksum of rows in JSON form, beside what the generator's rows give: equal when the rows are right. */
export function digests(
  shape: Shape,
  received: JsonRow[],
  count: number,
  offset = 0,
): { received: RowsDigest; expected: RowsDigest } {
  return { received: shapeChecksum(shape, received), expected: shapeChecksum(shape, jsonRowsOf(shape, count, offset)) };
}

/**
 * The article's row as a printer that leaves out zero values wrote it (grpcurl, buf curl without --emit-defaults:
 * row 0 has no rowNum), in the field order of the shape's JSON form.
 */
export function withRowNum(row: JsonRow): JsonRow {
  return { rowNum: 0, ...row };
}
