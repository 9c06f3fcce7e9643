import { HttpException } from '@nestjs/common';
import type { AbstractHttpAdapter } from '@nestjs/core';
import type { HttpRefusal } from '@app/serving';

/** A memory-budget refusal as Nest's exception, its Retry-After set on the response first (both platforms keep it). */
export function refusalException(adapter: AbstractHttpAdapter, response: unknown, refusal: HttpRefusal): HttpException {
  for (const [name, value] of Object.entries(refusal.headers)) adapter.setHeader(response, name, value);
  return new HttpException(refusal.body, refusal.status);
}
