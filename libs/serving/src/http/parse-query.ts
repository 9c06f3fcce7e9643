/** The 400 body of a query a JSON server refuses: ParseCountPipe's keys, with the client's `limit` for parameters. */
export interface BadQueryBody {
  statusCode: 400;
  error: 'Bad Request';
  parameter: string;
  limit: { parameters: readonly string[] } | { maxCount: 1 };
  message: string;
}

/** What one route's query may hold: each of `parameters` at most once, nothing else. */
export interface QueryRule<P extends string = string> {
  /** As the messages name it. */
  route: string;
  parameters: readonly P[];
}

export const SAMPLES_QUERY: QueryRule<'shape' | 'serializer'> = {
  route: 'GET /samples/:count',
  parameters: ['shape', 'serializer'],
};
export const STREAM_QUERY: QueryRule<'chunk' | 'offset' | 'shape' | 'serializer'> = {
  route: 'GET /samples/:count/stream',
  parameters: ['chunk', 'offset', 'shape', 'serializer'],
};

/**
 * The query of a request URL (`/path?a=1&b=2`, as the socket delivered it) checked against a route's rule, the one
 * parser every JSON server uses, so Express, Fastify and the bare server cannot differ: a framework's own parser
 * would turn `chunk[]=1` or `__proto__[chunk]=1` into nested objects or drop them, and one takes the first of a
 * repeated name where another makes an array. Here a name is only ever itself: one not in the rule (brackets and
 * all) is refused listing the valid ones, one given twice is refused, and values are the decoded text as sent.
 */
export function parseQuery<P extends string>(
  url: string,
  rule: QueryRule<P>,
): { query: Partial<Record<P, string>> } | { error: BadQueryBody } {
  const at = url.indexOf('?');
  const entries = at < 0 ? [] : [...new URLSearchParams(url.slice(at + 1))];
  const valid: readonly string[] = rule.parameters;
  const unknown = [...new Set(entries.map(([name]) => name).filter((name) => !valid.includes(name)))];
  if (unknown.length > 0) {
    const verb = unknown.length === 1 ? 'does' : 'do';
    const allowed = valid.length === 0 ? 'it takes no query parameters' : `valid parameters: ${valid.join(', ')}`;
    return bad(
      unknown.join(','),
      { parameters: valid },
      `${unknown.map(quoted).join(', ')} ${verb} not apply to ${rule.route}; ${allowed}`,
    );
  }
  const query: Partial<Record<P, string>> = {};
  for (const name of rule.parameters) {
    const values = entries.filter(([n]) => n === name);
    if (values.length > 1) return bad(name, { maxCount: 1 }, `${name} is given ${values.length} times; give it once`);
    if (values.length === 1) query[name] = values[0][1];
  }
  return { query };
}

// A name as sent, quoted only when it would not read as one (empty, spaces, control characters).
function quoted(name: string): string {
  return /^[\x21-\x7e]+$/.test(name) ? name : JSON.stringify(name);
}

function bad(parameter: string, limit: BadQueryBody['limit'], message: string): { error: BadQueryBody } {
  return { error: { statusCode: 400, error: 'Bad Request', parameter, limit, message } };
}
