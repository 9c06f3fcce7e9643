import { h2loadSummary, h2loadWindow } from './h2load-output';

// What h2load 1.52.0 (Debian's nghttp2-client) printed and logged here: five calls to the bare grpc-js server,
// and ten to a port nothing listened on.
const FIVE = `starting benchmark...
spawning thread #0: 1 total client(s). 5 total requests
Application protocol: h2c
progress: 100% done

finished in 15.30ms, 326.71 req/s, 68.28KB/s
requests: 5 total, 5 started, 5 done, 5 succeeded, 0 failed, 0 errored, 0 timeout
status codes: 5 2xx, 0 3xx, 0 4xx, 0 5xx
traffic: 1.04KB (1070) total, 115B (115) headers (space savings 83.45%), 545B (545) data
`;
const FIVE_LOG = [
  '1795928664412766\t200\t8663',
  '1795928664412769\t200\t8733',
  '1795928664421522\t200\t2350',
  '1795928664421524\t200\t2376',
  '1795928664423913\t200\t1614',
].join('\n');
const REFUSED = `starting benchmark...
spawning thread #0: 1 total client(s). 10 total requests

finished in 317us, 0.00 req/s, 0B/s
requests: 10 total, 0 started, 0 done, 0 succeeded, 10 failed, 10 errored, 0 timeout
`;
const REFUSED_DURATION = `finished in 1.01s, 0.00 req/s, 0B/s
requests: 0 total, 0 started, 0 done, 0 succeeded, 0 failed, 0 errored, 0 timeout
`;

describe('h2loadSummary', () => {
  it('reads the run length in any unit h2load prints, and its request counts', () => {
    expect(h2loadSummary(FIVE)).toEqual({ windowMs: 15.3, counts: { done: 5, succeeded: 5, failed: 0, errored: 0 } });
    expect(h2loadSummary(REFUSED).windowMs).toBeCloseTo(0.317);
    expect(h2loadSummary(REFUSED_DURATION).windowMs).toBe(1010);
  });

  it('refuses output without a summary, quoting its last line', () => {
    expect(() => h2loadSummary('starting benchmark...\nsome error\n')).toThrow(/no summary: some error/);
  });
});

describe('h2loadWindow', () => {
  it('records every logged call: its latency, when it ended, the probe size as its bytes', () => {
    const w = h2loadWindow(FIVE, FIVE_LOG, 109, 'requests');
    expect(w).toMatchObject({ requests: 5, successes: 5, timeouts: 0, payloadBytes: 545, errors: {} });
    expect(w.windowMs).toBe(15.3);
    expect(w.endedBy).toBe('requests');
    expect(w.latency.max).toBeCloseTo(8.733, 2);
    expect(w.latency.p50).toBeCloseTo(2.376, 1);
    expect(w.latencyExactUs).toEqual({ min: 1614, max: 8733, sum: 8663 + 8733 + 2350 + 2376 + 1614 });
  });

  it('counts a status other than 200 and a stream closed without one as failures of their kind', () => {
    const stdout = FIVE.replace('5 done, 5 succeeded, 0 failed', '5 done, 3 succeeded, 2 failed');
    const log = FIVE_LOG.replace('\t200\t8663', '\t503\t8663').replace('\t200\t2350', '\t0\t2350');
    expect(h2loadWindow(stdout, log, 109, 'requests')).toMatchObject({
      requests: 5,
      successes: 3,
      errors: { 'http-503': 1, 'stream-error': 1 },
    });
  });

  it('counts the calls it failed before any stream closed (a refused connection) as h2load-errored', () => {
    expect(h2loadWindow(REFUSED, '', 109, 'requests')).toMatchObject({
      requests: 10,
      successes: 0,
      errors: { 'h2load-errored': 10 },
    });
  });

  it('refuses a timed run that completed nothing (h2load counts no failure when it cannot connect)', () => {
    expect(() => h2loadWindow(REFUSED_DURATION, '', 109, 'duration')).toThrow(/completed no request in 1010 ms/);
  });
});
