import { Method, Type } from 'protobufjs';
import { getShape, isShapeName, shapeNames, SHAPES, UnknownShapeError } from './registry';
import { shapeChecksum, toJsonRow } from './shape-json';
import { loadProtoRoot } from './shapes-proto';

describe('the shapes registry', () => {
  it('has the article row first, then the built-in shapes', () => {
    expect(shapeNames()).toEqual(['row', 'numeric', 'text', 'nested', 'binary']);
    for (const name of shapeNames()) expect(getShape(name)).toBe(SHAPES[name as keyof typeof SHAPES]);
  });

  it.each([['csv'], [''], ['Row'], [undefined], [7], ['toString'], ['__proto__']])(
    'rejects %p, listing the valid names',
    (name) => {
      expect(isShapeName(name)).toBe(false);
      expect(() => getShape(name)).toThrow(UnknownShapeError);
      expect(() => getShape(name)).toThrow(/valid shapes are row, numeric, text, nested, binary$/);
    },
  );

  describe.each(shapeNames())('%s', (name) => {
    const shape = getShape(name);

    it('names messages its proto declares: a row with row_num = 1 (int32), and a wrapper of repeated rows', () => {
      const root = loadProtoRoot(shape.protoFile);
      const row = root.lookupType(shape.rowMessage);
      const rowNum = row.fieldsById[1];
      expect([rowNum.name, rowNum.type]).toEqual([name === 'row' ? 'rowNum' : 'row_num', 'int32']);
      const wrapper = root.lookupType(shape.rowsMessage);
      const rows = wrapper.fields[shape.rowsField];
      expect(rows.repeated).toBe(true);
      expect((rows.resolve().resolvedType as Type).fullName).toBe(`.${shape.rowMessage}`);
      expect(shape.description).toMatch(/^\S.{10,}$/);
    });

    it('is served by a service of its proto: a unary method returning the wrapper, a stream of wrappers', () => {
      const service = loadProtoRoot(shape.protoFile).lookupService(shape.grpcService);
      const unary = service.methods[shape.unaryMethod].resolve() as Method;
      const stream = service.methods[shape.streamMethod].resolve() as Method;
      expect([unary.resolvedResponseType?.fullName, unary.responseStream ?? false]).toEqual([
        `.${shape.rowsMessage}`,
        false,
      ]);
      expect([stream.resolvedResponseType?.fullName, stream.responseStream]).toEqual([`.${shape.rowsMessage}`, true]);
      // The same request fields as sample.proto's, so one request check serves every shape.
      expect(Object.keys(unary.resolvedRequestType!.fields)).toEqual(['count']);
      expect(Object.keys(stream.resolvedRequestType!.fields)).toEqual(['count', 'offset', 'chunk_rows']);
    });

    it('makes the same rows every time, with row_num = i, each row different', () => {
      const a = shape.rows(200, 1000);
      expect(shape.rows(200, 1000)).toEqual(a);
      expect(a[5]).toEqual(shape.row(1005));
      expect(a.map((r) => toJsonRow(shape, r).rowNum)).toEqual(Array.from({ length: 200 }, (_, k) => 1000 + k));
      const distinct = new Set(a.map((r) => JSON.stringify(toJsonRow(shape, r)).replace(/"rowNum":\d+/, '')));
      expect(distinct.size).toBeGreaterThan(1);
    });

    it('checks the row range as the article row does', () => {
      expect(shape.rows(0)).toEqual([]);
      expect(() => shape.rows(-1)).toThrow(RangeError);
      expect(() => shape.rows(1, -1)).toThrow(/offset/);
      expect(() => shape.rows(2, 2 ** 31 - 1)).toThrow(/int32/);
    });
  });

  // Pinned: rows are a contract between processes and machines (a receiver rebuilds what it expects), so a change
  // to a generator must be deliberate. Update these only together with such a change.
  it.each([
    ['row', '813671beb89523d50c19b4743f28473da840a4d675c74cfe36895d995ddb8082'],
    ['numeric', '5fb1addf9f9027a9eca12ca592f1f421efd6e9655c95d09a1b6cbe02cc686b82'],
    ['text', '7ebd016385548423bf058edf3384d4a7e1d7db0b45165f4182fefa1ed81e5192'],
    ['nested', 'bfbef6afbd817fa198ef6024a45feee80d1d96ef74073eb852b3a4851de55761'],
    ['binary', '0e187e4186b51d20d190b6fd0439304c8971e1f6123ec51e51019159637aaac9'],
  ])('%s: rows 0..99 have the pinned checksum', (name, expected) => {
    const shape = getShape(name);
    expect(
      shapeChecksum(
        shape,
        shape.rows(100).map((r) => toJsonRow(shape, r)),
      ).checksum,
    ).toBe(expected);
  });
});
