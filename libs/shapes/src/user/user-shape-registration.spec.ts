import { getShape, isShapeName, shapeNames, UnknownShapeError } from '../registry';
import { configuredUserShape, useUserShape } from './user-shape-registration';
import { userShape } from './user-shape';
import { EXAMPLE_MESSAGE, EXAMPLE_PROTO, EXAMPLE_SAMPLE } from './user-shape.fixtures';

describe('selecting the user shape', () => {
  afterEach(() => useUserShape(null));

  it('is an unknown shape name until the process configures one', () => {
    expect(configuredUserShape()).toBeNull();
    expect(isShapeName('user')).toBe(false);
    expect(() => getShape('user')).toThrow(UnknownShapeError);
    expect(() => getShape('user')).toThrow(/valid shapes are row, numeric, text, nested, binary$/);
  });

  it('is found by name, and listed last, once configured; and gone again when taken away', () => {
    const shape = userShape({ protoFile: EXAMPLE_PROTO, message: EXAMPLE_MESSAGE, sampleFile: EXAMPLE_SAMPLE });
    useUserShape(shape);
    expect(getShape('user')).toBe(shape);
    expect(isShapeName('user')).toBe(true);
    expect(shapeNames()).toEqual(['row', 'numeric', 'text', 'nested', 'binary', 'user']);
    expect(() => getShape('users')).toThrow(/valid shapes are row, numeric, text, nested, binary, user$/);
    useUserShape(null);
    expect(() => getShape('user')).toThrow(UnknownShapeError);
  });
});
