import { rows } from '@app/data-generator';
import { NdjsonLineDecoder } from './ndjson-line-decoder';

const ndjson = (count: number, offset = 0) =>
  rows(count, offset)
    .map((r) => JSON.stringify(r) + '\n')
    .join('');

function decodeInPieces(body: Buffer, cuts: number[]): { batches: number[]; rows: unknown[] } {
  const decoder = new NdjsonLineDecoder();
  const batches: number[] = [];
  const out: unknown[] = [];
  let from = 0;
  for (const to of [...cuts, body.length]) {
    const batch = decoder.write(body.subarray(from, to));
    batches.push(batch.length);
    out.push(...batch);
    from = to;
  }
  const last = decoder.end();
  out.push(...last);
  return { batches, rows: out };
}

describe('NdjsonLineDecoder', () => {
  const body = Buffer.from(ndjson(20, 5));

  it('every cut point: the same rows, in order, whatever the read boundaries', () => {
    for (let cut = 1; cut < body.length; cut += 7) {
      expect(decodeInPieces(body, [cut]).rows).toEqual(rows(20, 5));
    }
  });

  it('hands out only complete lines per read and keeps the partial one', () => {
    const lineLength = JSON.stringify(rows(1, 5)[0]).length + 1;
    // 2.5 lines, then 1 more half line, then the rest.
    const { batches, rows: got } = decodeInPieces(body, [Math.floor(lineLength * 2.5), lineLength * 3 + 3]);
    expect(batches.slice(0, 2)).toEqual([2, 1]);
    expect(got).toEqual(rows(20, 5));
  });

  it('byte by byte, including a multi-byte UTF-8 character split across reads', () => {
    const text = '{"rowNum":1,"columnA":"é€😀"}\n{"rowNum":2,"columnA":"x"}\n';
    const bytes = Buffer.from(text);
    const { rows: got } = decodeInPieces(
      bytes,
      Array.from({ length: bytes.length - 1 }, (_, i) => i + 1),
    );
    expect(got).toEqual([
      { rowNum: 1, columnA: 'é€😀' },
      { rowNum: 2, columnA: 'x' },
    ]);
  });

  it('a last line without its newline, blank lines and CRLF', () => {
    const { rows: got } = decodeInPieces(Buffer.from('{"a":1}\r\n\n{"a":2}\n{"a":3}'), [3]);
    expect(got).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
  });

  it('a line that is not JSON throws', () => {
    const decoder = new NdjsonLineDecoder();
    expect(() => decoder.write(Buffer.from('{"a":1}\nnot json\n'))).toThrow(SyntaxError);
  });
});
