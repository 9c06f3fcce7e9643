// executeRun with a streaming transport: chunks are verified as they arrive (nothing held), the same digest as a
// one-message response, a wrong row anywhere is caught, and an abort mid-stream is a cancellation.
import { rows } from '@app/data-generator';
import type { Scenario } from '../scenario/scenario.interface';
import type { RowSink, StreamedRows, StreamingRowsTransport } from '../transport-contract/rows-transport.interface';
import { TransportError } from '../transport-contract/transport-errors';
import { executeRun } from './execute-run';
import { PayloadMismatchError } from './payload-mismatch.error';
import { RunCancelledError } from './run-cancelled.error';
import { RunProgress } from './run-progress';

class InMemoryStream implements StreamingRowsTransport {
  readonly kind = 'grpc' as const;
  readonly streaming = true as const;
  readonly target = { server: 'grpc-server' as const, address: 'memory' };
  readonly shape = 'row' as const;
  readonly rowForm = 'protobuf' as const;
  chunkSizes: number[] = [];
  constructor(private readonly fault: 'none' | 'corrupt' | 'break' = 'none') {}

  async streamRows(count: number, chunkRows: number, sink: RowSink, signal?: AbortSignal): Promise<StreamedRows> {
    let sent = 0;
    for (let offset = 0; offset < count; offset += chunkRows) {
      if (signal?.aborted) throw new TransportError('bad-response', this.target, 'aborted', sent);
      const chunk = rows(Math.min(chunkRows, count - offset), offset);
      if (this.fault === 'corrupt' && offset > 0) chunk[0].columnE = 'x';
      if (this.fault === 'break' && offset >= chunkRows * 2)
        throw new TransportError('unavailable', this.target, 'ECONNRESET', sent);
      sink.push(chunk);
      sent += chunk.length;
      this.chunkSizes.push(chunk.length);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { payloadBytes: sent * 10, chunks: this.chunkSizes.length };
  }
}

const scenario: Scenario = {
  name: 's',
  transport: 'grpc',
  variant: 'grpc',
  shape: 'row',
  mode: 'single',
  rowsPerRequest: 2500,
  chunkRows: 1000,
  requests: 1,
  concurrency: 1,
  runs: 1,
  warmup: 0,
};

describe('executeRun on a stream', () => {
  it('verifies the chunks as they come, in chunkRows pieces', async () => {
    const stream = new InMemoryStream();
    const run = await executeRun(scenario, stream);
    expect(stream.chunkSizes).toEqual([1000, 1000, 500]);
    expect(run).toMatchObject({ rowsReceived: 2500, payloadBytes: 25_000 });
  });

  it('counts rows into a RunProgress per chunk, as they arrive', async () => {
    const progress = new RunProgress();
    progress.startRun({
      variant: 'grpc-stream',
      shape: 'row',
      mode: 'single',
      phase: 'measure',
      run: 1,
      of: 1,
      rowsPerRun: 2500,
      requestsPerRun: 1,
      streamed: true,
    });
    const counted: number[] = [];
    const stream = new InMemoryStream();
    const push = stream.streamRows.bind(stream);
    stream.streamRows = (count, chunkRows, sink, signal) =>
      push(count, chunkRows, { push: (r) => (sink.push(r), counted.push(progress.snapshot()!.rowsSoFar)) }, signal);
    await executeRun(scenario, stream, undefined, progress);
    expect(counted).toEqual([1000, 2000, 2500]);
  });

  it('catches a wrong row in a later chunk', async () => {
    await expect(executeRun(scenario, new InMemoryStream('corrupt'))).rejects.toBeInstanceOf(PayloadMismatchError);
  });

  it('passes on a broken stream with the rows that had arrived, and turns an abort into a cancellation', async () => {
    const broken = await executeRun({ ...scenario, rowsPerRequest: 5000 }, new InMemoryStream('break')).catch((e) => e);
    expect(broken).toBeInstanceOf(TransportError);
    expect(broken.rowsReceived).toBe(2000);
    expect(broken.message).toMatch(/after 2000 rows/);
    const controller = new AbortController();
    const pending = executeRun({ ...scenario, rowsPerRequest: 100_000 }, new InMemoryStream(), controller.signal);
    setImmediate(() => controller.abort());
    await expect(pending).rejects.toBeInstanceOf(RunCancelledError);
  });
});
