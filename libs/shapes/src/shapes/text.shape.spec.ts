import { loadProtoRoot } from '../shapes-proto';
import { toJsonRow } from '../shape-json';
import { textShape } from './text.shape';

describe('the text shape', () => {
  const rows = textShape.rows(2000);
  const type = loadProtoRoot(textShape.protoFile).lookupType(textShape.rowMessage);

  it('has rows of 1-2 KiB, as JSON and as protobuf', () => {
    const json = rows.map((r) => Buffer.byteLength(JSON.stringify(toJsonRow(textShape, r))));
    const proto = rows.map((r) => type.encode(type.fromObject({ ...r })).finish().length);
    for (const sizes of [json, proto]) {
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(1024);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(2048);
    }
  });

  it('carries non-ASCII text, 4-byte UTF-8 included, and characters JSON escapes', () => {
    const all = rows.map((r) => r.title + r.author + r.body).join('');
    expect(all).toMatch(/[é-ÿ]/);
    expect(all).toMatch(/[\u0400-\u04ff]/);
    expect(all).toMatch(/[\u3040-\u30ff]/);
    expect(all).toMatch(/\u{1F680}/u);
    expect(all).toMatch(/["\\\t]/);
  });
});
