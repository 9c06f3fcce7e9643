import { caseWords } from './sentence-parts';

describe('caseWords', () => {
  it('says the case, and its runtime when it ran on one of several (npm run bench --node)', () => {
    expect(caseWords({ mode: 'single', rowsPerRequest: 50, requests: 1 })).toBe('one request of 50 rows');
    expect(caseWords({ mode: 'parallel', rowsPerRequest: 1, requests: 1000, runtimeLabel: 'node26.10.0' })).toBe(
      '1,000 parallel requests of 1 row on node26.10.0',
    );
    expect(caseWords({ mode: 'single', rowsPerRequest: 50, requests: 1, runtimeLabel: null })).toBe(
      'one request of 50 rows',
    );
  });
});
