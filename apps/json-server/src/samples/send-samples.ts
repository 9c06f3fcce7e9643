import type { AbstractHttpAdapter } from '@nestjs/core';
import { formatServerTiming, SERVER_TIMING } from '@app/server-timing';
import type { RenderedSamples } from './samples.service';

/**
 * Sends a rendered body through the platform's own reply path, with its headers, on Express and Fastify alike.
 * Express: `res.send`, which is where Nest's reply puts a string (and so where res.json put the stringified rows
 * before): Content-Length and ETag as before. Nest's reply would JSON-encode a Buffer, so a Buffer (protobuf, gzip)
 * goes to the same `res.send`. Fastify: Nest's reply, i.e. `reply.send`, which sends strings and Buffers as they are.
 * No `send` phase in Server-Timing: an HTTP/1.1 header leaves before the body it would describe.
 */
export function sendSamples(adapter: AbstractHttpAdapter, response: unknown, rendered: RenderedSamples): void {
  adapter.setHeader(response, 'Content-Type', rendered.contentType);
  // The body depends on both request headers, so a cache must not hand one client's representation to another.
  adapter.setHeader(response, 'Vary', 'Accept, Accept-Encoding');
  if (rendered.contentEncoding) adapter.setHeader(response, 'Content-Encoding', rendered.contentEncoding);
  adapter.setHeader(response, SERVER_TIMING, formatServerTiming(rendered.timing));
  if (adapter.getType() === 'express') (response as { send(body: string | Buffer): void }).send(rendered.body);
  else adapter.reply(response, rendered.body, 200);
}
