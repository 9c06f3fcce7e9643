import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findProtoFile, getShape, jsonRowsOf, type JsonRow, shapeNames, userShape } from '@app/shapes';
import { ndjsonLines } from './ndjson-lines';

describe.each(shapeNames())('ndjsonLines of %s', (name) => {
  const shape = getShape(name);

  it("is each row's JSON.stringify on its own line, whichever way it is built", () => {
    for (const [count, offset] of [
      [0, 0],
      [1, 0],
      [1500, 0],
      [300, 2 ** 31 - 300],
    ]) {
      const rows = jsonRowsOf(shape, count, offset);
      expect(ndjsonLines(shape)(rows)).toBe(rows.map((row) => JSON.stringify(row) + '\n').join(''));
    }
  });

  it("with another serializer's stringify (json-stream-fjs), the lines are written by it, one row each", () => {
    const calls: number[] = [];
    // A stringify of its own (no @app/codecs here): JSON.stringify's text, with its calls counted.
    const stringify = (rows: readonly JsonRow[]) => {
      calls.push(rows.length);
      return JSON.stringify(rows);
    };
    const rows = jsonRowsOf(shape, 40, 5);
    expect(ndjsonLines(shape, stringify)(rows)).toBe(rows.map((row) => JSON.stringify(row) + '\n').join(''));
    expect(calls.reduce((a, b) => a + b, 0)).toBe(40);
  });
});

describe('ndjsonLines', () => {
  it('stringifies row by row where a row holds an object (nested: its address, items and map)', () => {
    // A row whose map held `},{"rowNum"` would break a joined-then-split encoder; row by row it stays one line.
    const rows: JsonRow[] = [
      { rowNum: 1, attributes: { a: { rowNum: 2 } }, items: [{ x: 1 }, { rowNum: 3 }] },
      { rowNum: 4 },
    ];
    expect(ndjsonLines(getShape('nested'))(rows)).toBe(`${JSON.stringify(rows[0])}\n${JSON.stringify(rows[1])}\n`);
  });
});

describe('ndjsonLines of the user message (its types from the shape, not proto/)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wirebench-ndjson-user-'));
  writeFileSync(
    join(dir, 'flat.proto'),
    'syntax = "proto3"; package t; message Reading { int32 id = 1; string name = 2; double value = 3; }',
  );
  writeFileSync(join(dir, 'flat.json'), '{"id": 0, "name": "a},{\\"id\\": x", "value": 1.5}');

  it.each([
    [
      'a flat message (joined then split)',
      () => userShape({ protoFile: join(dir, 'flat.proto'), message: 't.Reading', sampleFile: join(dir, 'flat.json') }),
    ],
    [
      'the example order (row by row)',
      () =>
        userShape({
          protoFile: findProtoFile(join('examples', 'order.proto')),
          message: 'shop.v1.Order',
          sampleFile: findProtoFile(join('examples', 'order.sample.json')),
        }),
    ],
  ])('%s: each row on its own line', (_case, build) => {
    const shape = build();
    const rows = jsonRowsOf(shape, 50, 3);
    expect(ndjsonLines(shape)(rows)).toBe(rows.map((row) => JSON.stringify(row) + '\n').join(''));
  });
});
