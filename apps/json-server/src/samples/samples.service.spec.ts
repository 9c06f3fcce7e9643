import { gunzipSync } from 'node:zlib';
import { rows } from '@app/data-generator';
import { deserializeSamples, rowsCodec, serializeSamples } from '@app/grpc';
import { getShape } from '@app/shapes';
import { getJsonCodec, PROTOBUF_CODECS } from '@app/codecs';
import { LARGE_REPLY_ROWS } from '@app/serving';
import type { Representation } from './negotiate-representation';
import { SamplesService } from './samples.service';

const row = getShape('row');

describe('SamplesService.render', () => {
  const service = new SamplesService();

  it('JSON by default: the text res.json sent before, with generate and serialize timed and nothing else', async () => {
    const r = await service.render(row, 3, { encoding: 'json', gzip: false });
    expect(r.body).toBe(JSON.stringify({ samples: rows(3) }));
    expect(r).toMatchObject({ contentType: 'application/json; charset=utf-8', contentEncoding: null });
    expect(Object.keys(r.timing)).toEqual(['generateMs', 'serializeMs']);
    for (const ms of Object.values(r.timing)) expect(ms).toBeGreaterThanOrEqual(0);
  });

  it("protobuf: exactly gRPC's bytes for the same rows", async () => {
    const r = await service.render(row, 3, { encoding: 'protobuf', gzip: false });
    expect(Buffer.isBuffer(r.body) && r.body.equals(serializeSamples({ samples: rows(3) }))).toBe(true);
    expect(r.contentType).toBe('application/x-protobuf');
  });

  it.each(['row', 'numeric', 'text', 'nested', 'binary'])(
    '%s: protobuf with another serializer (proto-http-static): the same bytes, prepared within generate',
    async (name) => {
      const shape = getShape(name);
      const plain = await service.render(shape, 40, { encoding: 'protobuf', gzip: false });
      const r = await service.render(shape, 40, {
        encoding: 'protobuf',
        gzip: false,
        protobufCodec: PROTOBUF_CODECS['protobufjs-static'].forShape(shape),
      });
      expect(Buffer.isBuffer(r.body) && r.body.equals(plain.body as Buffer)).toBe(true);
      expect(Object.keys(r.timing)).toEqual(['generateMs', 'serializeMs']);
    },
  );

  it('gzip: the same body compressed, with the compression timed', async () => {
    const json = await service.render(row, 50, { encoding: 'json', gzip: true });
    expect(json.contentEncoding).toBe('gzip');
    expect(gunzipSync(json.body as Buffer).toString()).toBe(JSON.stringify({ samples: rows(50) }));
    expect(json.timing.compressMs).toBeGreaterThanOrEqual(0);
    const protobuf = await service.render(row, 50, { encoding: 'protobuf', gzip: true });
    expect(deserializeSamples(gunzipSync(protobuf.body as Buffer))).toEqual({ samples: rows(50) });
  });
});

describe('SamplesService.render of another shape', () => {
  const service = new SamplesService();
  const numeric = getShape('numeric');

  it("JSON: `{ rows }` of each row in its proto3 JSON form; protobuf: the shape's gRPC bytes", async () => {
    const json = await service.render(numeric, 4, { encoding: 'json', gzip: false });
    expect(json.body).toBe(JSON.stringify({ rows: numeric.rows(4).map((r) => numeric.toJson(r)) }));
    const protobuf = await service.render(numeric, 4, { encoding: 'protobuf', gzip: false });
    expect((protobuf.body as Buffer).equals(rowsCodec(numeric).serialize({ rows: numeric.rows(4) }))).toBe(true);
  });

  it("reserves by the shape's bound", () => {
    expect(service.replyBytes(numeric, 10, { encoding: 'json', gzip: false })).toBe(
      10 * numeric.maxRowBytes(9).json + '{"rows":[]}'.length,
    );
    expect(service.replyBytes(numeric, 10, { encoding: 'protobuf', gzip: false })).toBe(
      10 * numeric.maxRowBytes(9).protobuf,
    );
  });
});

describe('SamplesService.renderIfWanted of a large reply (built in pieces)', () => {
  const service = new SamplesService();
  // Past LARGE_REPLY_ROWS, so the pieces path, with a short last piece.
  const count = LARGE_REPLY_ROWS + 1;
  const stayed = () => false;

  it.each<[string, Representation]>([
    ['JSON', { encoding: 'json', gzip: false }],
    ['JSON by fast-json-stringify', { encoding: 'json', gzip: false, jsonCodec: getJsonCodec('fast-json-stringify') }],
    ['protobuf', { encoding: 'protobuf', gzip: false }],
    [
      'protobuf by protobufjs-static',
      { encoding: 'protobuf', gzip: false, protobufCodec: PROTOBUF_CODECS['protobufjs-static'].forShape(row) },
    ],
    ['gzipped JSON', { encoding: 'json', gzip: true }],
  ])('%s: the body render() gives, byte for byte, with the same phases', async (_label, representation) => {
    const whole = await service.render(row, count, representation);
    const pieces = (await service.renderIfWanted(row, count, representation, stayed))!;
    expect(Buffer.from(pieces.body).equals(Buffer.from(whole.body))).toBe(true);
    expect(pieces).toMatchObject({ contentType: whole.contentType, contentEncoding: whole.contentEncoding });
    expect(Object.keys(pieces.timing)).toEqual(Object.keys(whole.timing));
  });

  it('a caller who leaves while it is built gets nothing, and the build stops', async () => {
    let gone = false;
    const rendered = service.renderIfWanted(row, 1_000_000, { encoding: 'json', gzip: false }, () => gone);
    // Leaves once the build has started (the lane's wait for pending I/O is two turns).
    setTimeout(() => (gone = true), 20);
    const started = Date.now();
    expect(await rendered).toBeNull();
    expect(Date.now() - started).toBeLessThan(500);
  });
});
