import { pastEndOfLife } from './node-end-of-life';

describe('pastEndOfLife', () => {
  it('names the date a major stopped getting fixes, only once it has passed', () => {
    expect(pastEndOfLife('20.20.2', new Date('2026-11-28T00:00:00Z'))).toBe('2026-04-30');
    expect(pastEndOfLife('20.20.2', new Date('2026-04-30T12:00:00Z'))).toBeNull();
    expect(pastEndOfLife('24.11.1', new Date('2026-11-28T00:00:00Z'))).toBeNull();
    // A major the table does not know (a newer one) is not said to be past anything.
    expect(pastEndOfLife('28.0.0', new Date('2035-01-01T00:00:00Z'))).toBeNull();
  });
});
