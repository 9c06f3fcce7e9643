import { toJsonRow } from '../shape-json';
import { nestedShape } from './nested.shape';

describe('the nested shape', () => {
  const json = nestedShape.rows(500).map((r) => toJsonRow(nestedShape, r));

  it('varies what is set: rows without an address, empty maps, optional fields set, to false and 0 too', () => {
    expect(json.some((r) => !('shipTo' in r))).toBe(true);
    expect(json.some((r) => 'shipTo' in r)).toBe(true);
    expect(json.some((r) => Object.keys(r.attributes as object).length === 0)).toBe(true);
    expect(json.some((r) => Object.keys(r.attributes as object).length === 4)).toBe(true);
    expect(json.some((r) => r.gift === false)).toBe(true);
    expect(json.some((r) => r.gift === true)).toBe(true);
    expect(json.some((r) => !('gift' in r))).toBe(true);
    expect(json.some((r) => r.discount === 0)).toBe(true);
    expect(json.some((r) => typeof r.couponCode === 'string')).toBe(true);
    expect(new Set(json.map((r) => (r.items as unknown[]).length))).toEqual(new Set([1, 2, 3, 4, 5]));
  });
});
