import { parseQuery, SAMPLES_QUERY, STREAM_QUERY } from './parse-query';

const refused = (parameter: string, limit: object, message: string) => ({
  error: { statusCode: 400, error: 'Bad Request', parameter, limit, message },
});
const VALID = { parameters: ['chunk', 'offset', 'shape', 'serializer'] };

describe('parseQuery', () => {
  it('takes each known parameter once, with its decoded value as sent', () => {
    expect(parseQuery('/samples/5/stream', STREAM_QUERY)).toEqual({ query: {} });
    expect(parseQuery('/samples/5/stream?', STREAM_QUERY)).toEqual({ query: {} });
    expect(parseQuery('/samples/5/stream?chunk=10&offset=%37', STREAM_QUERY)).toEqual({
      query: { chunk: '10', offset: '7' },
    });
    // Not trimmed or coerced: the stream's own checks refuse these values.
    expect(parseQuery('/samples/5/stream?chunk=1%20&offset=', STREAM_QUERY)).toEqual({
      query: { chunk: '1 ', offset: '' },
    });
  });

  it('refuses a parameter given twice', () => {
    expect(parseQuery('/s?chunk=1&chunk=2', STREAM_QUERY)).toEqual(
      refused('chunk', { maxCount: 1 }, 'chunk is given 2 times; give it once'),
    );
    expect(parseQuery('/s?offset=1&chunk=3&offset=1&offset', STREAM_QUERY)).toEqual(
      refused('offset', { maxCount: 1 }, 'offset is given 3 times; give it once'),
    );
  });

  it.each(['chunk[]', 'chunk[a]', '__proto__[chunk]', '__proto__', 'constructor', 'Chunk', 'chunk%5B%5D'])(
    'refuses %s as an unknown parameter, listing the valid ones',
    (name) => {
      const decoded = decodeURIComponent(name);
      expect(parseQuery(`/s?${name}=1`, STREAM_QUERY)).toEqual(
        refused(
          decoded,
          VALID,
          `${decoded} does not apply to GET /samples/:count/stream; valid parameters: chunk, offset, shape, serializer`,
        ),
      );
    },
  );

  it('names every unknown parameter once, before any repeat, quoting names that would not read', () => {
    expect(parseQuery('/s?x=1&chunk=1&chunk=2&y&x=3&=4&a%20b=5', STREAM_QUERY)).toEqual(
      refused(
        'x,y,,a b',
        VALID,
        'x, y, "", "a b" do not apply to GET /samples/:count/stream; valid parameters: chunk, offset, shape, ' +
          'serializer',
      ),
    );
  });

  it('refuses any parameter but shape on the unary route', () => {
    expect(parseQuery('/samples/5?chunk=1', SAMPLES_QUERY)).toEqual(
      refused(
        'chunk',
        { parameters: ['shape', 'serializer'] },
        'chunk does not apply to GET /samples/:count; valid parameters: shape, serializer',
      ),
    );
    expect(parseQuery('/samples/5', SAMPLES_QUERY)).toEqual({ query: {} });
    expect(parseQuery('/samples/5?shape=text', SAMPLES_QUERY)).toEqual({ query: { shape: 'text' } });
    expect(parseQuery('/samples/5?shape=text&shape=row', SAMPLES_QUERY)).toEqual(
      refused('shape', { maxCount: 1 }, 'shape is given 2 times; give it once'),
    );
  });

  it('refuses no route: a rule that takes no parameters says so', () => {
    expect(parseQuery('/x?a=1', { route: 'GET /x', parameters: [] })).toEqual(
      refused('a', { parameters: [] }, 'a does not apply to GET /x; it takes no query parameters'),
    );
  });
});
