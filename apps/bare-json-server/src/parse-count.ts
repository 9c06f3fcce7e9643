/** The 400 body the Nest JSON server's ParseCountPipe sends, key for key, so both servers fail alike. */
export interface BadCountBody {
  statusCode: 400;
  error: 'Bad Request';
  parameter: 'count';
  limit: number;
  message: string;
}

/** `:count` must be a plain integer from 0 to MAX_ROWS; anything else is the body of a 400. */
export function parseCount(value: string, max: number): { count: number } | { error: BadCountBody } {
  if (/^\d{1,16}$/.test(value) && Number(value) <= max) return { count: Number(value) };
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
