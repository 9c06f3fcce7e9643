import { parseCount } from './parse-count';

describe('parseCount', () => {
  it('takes a plain integer from 0 to the limit', () => {
    expect(parseCount('0', 10)).toEqual({ count: 0 });
    expect(parseCount('10', 10)).toEqual({ count: 10 });
  });

  it.each(['00010', '01', '00', '11', '-1', '+1', '1e1', '0x1', ' 1', '1.0', '', '12345678901234567'])(
    'refuses %j with a 400 naming the parameter and the limit',
    (value) => {
      expect(parseCount(value, 10)).toEqual({
        error: {
          statusCode: 400,
          error: 'Bad Request',
          parameter: 'count',
          limit: 10,
          message: `count must be an integer from 0 to 10, got ${JSON.stringify(value)}`,
        },
      });
    },
  );
});
