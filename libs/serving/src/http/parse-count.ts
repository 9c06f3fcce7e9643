import { PLAIN_INTEGER } from './plain-integer';

/** The 400 body of a `:count` the JSON servers refuse (the Nest server's ParseCountPipe and the bare server alike). */
export interface BadCountBody {
  statusCode: 400;
  error: 'Bad Request';
  parameter: 'count';
  limit: number;
  message: string;
}

/** `:count` must be a plain integer (PLAIN_INTEGER) from 0 to MAX_ROWS; anything else is the body of a 400. */
export function parseCount(value: string, max: number): { count: number } | { error: BadCountBody } {
  if (PLAIN_INTEGER.test(value) && Number(value) <= max) return { count: Number(value) };
  return {
    error: {
      statusCode: 400,
      error: 'Bad Request',
      parameter: 'count',
      limit: max,
      message: `count must be an integer from 0 to ${max}, got ${JSON.stringify(value)}`,
    },
  };
}
