import { getShape, shapeNames, type ShapeName } from '@app/shapes';
import type { Scenario } from '../scenario/scenario.interface';
import type {
  FetchedRows,
  RowForm,
  RowSink,
  RowsTransport,
  StreamedRows,
  StreamingRowsTransport,
} from '../transport-contract/rows-transport.interface';
import { executeRun } from './execute-run';
import { PayloadMismatchError } from './payload-mismatch.error';

/**
 * Rows 0..count-1 of the shape as a transport of that form hands them over: proto-loader's layout, or the JSON form.
 */
function rowsAs(shape: ShapeName, form: RowForm, count: number, offset = 0): object[] {
  const s = getShape(shape);
  const rows = s.rows(count, offset);
  return form === 'protobuf' ? rows : rows.map((r) => s.toJson(r));
}

class OneMessage implements RowsTransport {
  readonly kind = 'json' as const;
  readonly target = { server: 'json-server' as const, address: 'memory' };
  constructor(
    readonly shape: ShapeName,
    readonly rowForm: RowForm,
    private readonly sent: RowForm = rowForm,
  ) {}
  async fetchRows(count: number): Promise<FetchedRows> {
    return { rows: rowsAs(this.shape, this.sent, count), payloadBytes: count };
  }
}

class Chunks implements StreamingRowsTransport {
  readonly kind = 'grpc' as const;
  readonly streaming = true as const;
  readonly target = { server: 'grpc-server' as const, address: 'memory' };
  constructor(
    readonly shape: ShapeName,
    readonly rowForm: RowForm,
  ) {}
  async streamRows(count: number, chunkRows: number, sink: RowSink): Promise<StreamedRows> {
    for (let offset = 0; offset < count; offset += chunkRows)
      sink.push(rowsAs(this.shape, this.rowForm, Math.min(chunkRows, count - offset), offset));
    return { payloadBytes: count, chunks: Math.ceil(count / chunkRows) };
  }
}

const scenario = (shape: ShapeName, chunkRows: number | null = null): Scenario => ({
  name: 's',
  transport: 'json',
  variant: 'json',
  shape,
  mode: 'single',
  rowsPerRequest: 250,
  chunkRows,
  requests: 2,
  concurrency: 2,
  runs: 1,
  warmup: 0,
});

describe('executeRun on every shape', () => {
  it.each(shapeNames().flatMap((shape) => (['json', 'protobuf'] as const).map((form) => [shape, form] as const)))(
    'verifies %s rows handed over in %s form, in one message and in chunks',
    async (shape, form) => {
      await expect(executeRun(scenario(shape), new OneMessage(shape, form))).resolves.toMatchObject({
        rowsReceived: 500,
      });
      await expect(executeRun(scenario(shape, 100), new Chunks(shape, form))).resolves.toMatchObject({
        rowsReceived: 500,
      });
    },
  );

  it('hashes the form the transport names: protobuf rows said to be JSON do not verify', async () => {
    await expect(executeRun(scenario('numeric'), new OneMessage('numeric', 'json', 'protobuf'))).rejects.toThrow(
      PayloadMismatchError,
    );
  });

  it("refuses a transport built for another shape than the scenario's", async () => {
    await expect(executeRun(scenario('text'), new OneMessage('row', 'json'))).rejects.toThrow(
      'a transport built for shape row cannot run a text scenario',
    );
  });
});
