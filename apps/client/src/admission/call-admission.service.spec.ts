import { RunProgress } from '@app/bench';
import { loadConfig } from '@app/config';
import { CallAdmission } from './call-admission.service';
import { ClientBusyError } from './client-busy.error';

describe('CallAdmission', () => {
  const admission = () => new CallAdmission(loadConfig({ CLIENT_MAX_CALLS: '2' }, 1024));

  it('CLIENT_MAX_CALLS calls at once; the next is ClientBusyError listing them; a release frees a slot', () => {
    const a = admission();
    const release = a.enter('GET /client/compare');
    a.enter('GET /client/bench');
    expect(() => a.enter('GET /client/json/single/1')).toThrow(
      /at most 2 measurement calls at once \(CLIENT_MAX_CALLS\) and is running GET \/client\/compare/,
    );
    release();
    expect(() => a.enter('GET /client/json/single/1')).not.toThrow();
  });

  it('one heavy call at a time, whatever the slots: the second heavy one is refused naming the first', () => {
    const a = admission();
    const release = a.enterHeavy('json,grpc parallel, 200000000 rows in all');
    let refusal: unknown;
    try {
      a.enterHeavy('load json c=1000 rows=1000000');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ClientBusyError);
    expect((refusal as Error).message).toMatch(
      new RegExp(
        String.raw`one heavy call \(1000000 rows or 20000 requests or more in all, or a load level\) ` +
          String.raw`at a time \(CLIENT_HEAVY_CALL_ROWS, CLIENT_HEAVY_CALL_REQUESTS\) and is running json,grpc ` +
          String.raw`parallel`,
      ),
    );
    release();
    release();
    expect(() => a.enterHeavy('load json c=1000 rows=1000000')).not.toThrow();
  });

  it('lists the calls in flight with where their engine is, and forgets a call once released', () => {
    const a = admission();
    const progress = new RunProgress();
    const release = a.enter('GET /client/grpc/single/5000000?variant=grpc-stream', progress);
    a.enter('GET /client/load?concurrency=10');
    expect(a.progress()).toEqual([
      { call: 'GET /client/grpc/single/5000000?variant=grpc-stream', forMs: expect.any(Number), progress: null },
      { call: 'GET /client/load?concurrency=10', forMs: expect.any(Number), progress: null },
    ]);
    progress.startRun({
      variant: 'grpc-stream',
      shape: 'row',
      mode: 'single',
      phase: 'measure',
      run: 1,
      of: 1,
      rowsPerRun: 5_000_000,
      requestsPerRun: 1,
      streamed: true,
    });
    progress.received(10_000);
    expect(a.progress()[0].progress).toEqual({
      variant: 'grpc-stream',
      shape: 'row',
      mode: 'single',
      phase: 'measure',
      run: 1,
      of: 1,
      rowsPerRun: 5_000_000,
      requestsPerRun: 1,
      streamed: true,
      rowsSoFar: 10_000,
      repliesSoFar: 0,
    });
    release();
    expect(a.progress().map((c) => c.call)).toEqual(['GET /client/load?concurrency=10']);
  });
});
