import { ServerResponse } from 'node:http';

/** Writes a JSON body with the headers Express's res.json sets for it: type with charset, and its length. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendJsonText(res, status, JSON.stringify(body), headers);
}

/** A JSON body already written as text (by the serializer a request named), with the same headers. */
export function sendJsonText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}
