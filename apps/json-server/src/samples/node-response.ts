import type { AbstractHttpAdapter } from '@nestjs/core';
import type { NodeResponse } from '@app/serving';

/**
 * The Node response under the platform's: Express's response is one, Fastify's reply holds it in `raw` (HTTP/1.1 or,
 * on h2c, HTTP/2). What the controllers watch for a caller who left and hold a memory reservation on.
 */
export function nodeResponseOf(adapter: AbstractHttpAdapter, response: unknown): NodeResponse {
  if (adapter.getType() === 'express') return response as NodeResponse;
  return (response as { raw: NodeResponse }).raw;
}
