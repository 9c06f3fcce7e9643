import { getSamplesProblem } from './get-samples-param';
import { invalidRequest } from './invalid-request';

describe('getSamplesProblem', () => {
  it('accepts 0 to MAX_ROWS', () => {
    expect(getSamplesProblem({ count: 0 }, 100)).toBeNull();
    expect(getSamplesProblem({ count: 100 }, 100)).toBeNull();
  });

  it.each([-1, 101, 1.5])('refuses count %p naming the limit', (count) => {
    expect(getSamplesProblem({ count }, 100)).toBe(`count must be an integer from 0 to 100 (MAX_ROWS), got ${count}`);
  });

  it('passes on what the strict deserializer found', () => {
    expect(
      getSamplesProblem(invalidRequest('count: 4294967301 is outside int32 (varint on the wire)') as never, 100),
    ).toBe('count: 4294967301 is outside int32 (varint on the wire)');
  });
});
