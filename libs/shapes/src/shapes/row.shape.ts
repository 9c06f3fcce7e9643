import { ChecksumAccumulator, maxJsonRowBytes, Row, row, rows } from '@app/data-generator';
import { rowBytesOf } from '../row-bytes-bound';
import type { JsonRow, Shape, ShapeChecksumAccumulator } from '../shape.interface';
import { SAMPLE_PROTO_FILE } from '../shapes-proto';

/** @app/data-generator's checksum behind the shapes' interface, so `row` keeps the digest it always had. */
class RowChecksum implements ShapeChecksumAccumulator {
  private readonly inner = new ChecksumAccumulator();
  add(jsonRows: Iterable<JsonRow>): this {
    this.inner.add(jsonRows as Iterable<unknown> as Iterable<Row>);
    return this;
  }
  get rows(): number {
    return this.inner.rows;
  }
  digest() {
    return this.inner.digest();
  }
}

/**
 * The article's row, the default shape: sample.Sample, generated and checksummed by @app/data-generator exactly as
 * before, so its bytes on the wire and its checksum do not change. Its proto field names are already lowerCamelCase
 * and it has only an int32 and strings, so the row is its own proto3 JSON form.
 */
export const rowShape: Shape<Row> = {
  name: 'row',
  description: "the article's row: an int32 and ten short strings (sample.Sample, the default)",
  protoFile: SAMPLE_PROTO_FILE,
  rowMessage: 'sample.Sample',
  rowsMessage: 'sample.Samples',
  rowsField: 'samples',
  grpcService: 'sample.SampleService',
  unaryMethod: 'GetSamples',
  streamMethod: 'StreamSamples',
  row,
  rows,
  jsonRows: (count, offset) => rows(count, offset) as unknown as JsonRow[],
  // A row differs from another only in the digits of its number, so the last row of a range is its longest: exact.
  maxRowBytes: (lastRowNum) => {
    const last = Math.max(0, lastRowNum);
    return {
      json: maxJsonRowBytes(last),
      protobuf: rowBytesOf(rowShape, row(last), (r) => r as unknown as JsonRow).protobuf,
    };
  },
  toJson: (r) => r as unknown as JsonRow,
  newChecksum: () => new RowChecksum(),
};
