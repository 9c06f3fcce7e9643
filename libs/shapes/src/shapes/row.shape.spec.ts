import { checksum, rows } from '@app/data-generator';
import { shapeChecksum, toJsonRow } from '../shape-json';
import { rowShape } from './row.shape';

describe('the row shape', () => {
  it("is @app/data-generator's row, its JSON form the row itself, its checksum the one it always had", () => {
    expect(rowShape.rows(50, 7)).toEqual(rows(50, 7));
    const json = rowShape.rows(50, 7).map((r) => toJsonRow(rowShape, r));
    expect(JSON.stringify(json)).toBe(JSON.stringify(rows(50, 7)));
    expect(shapeChecksum(rowShape, json)).toEqual(checksum(rows(50, 7)));
  });
});
