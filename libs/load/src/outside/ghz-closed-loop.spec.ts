import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { ghzCallArgs } from './ghz-closed-loop';

describe('ghzCallArgs', () => {
  it('calls the row as it always did: sample.SampleService.GetSamples from sample.proto', () => {
    const [protoFlag, proto, callFlag, call] = ghzCallArgs('row');
    expect([protoFlag, basename(proto), callFlag, call]).toEqual([
      '--proto',
      'sample.proto',
      '--call',
      'sample.SampleService.GetSamples',
    ]);
    expect(existsSync(proto)).toBe(true);
  });

  it("calls another shape's own service from shapes.proto", () => {
    const [, proto, , call] = ghzCallArgs('numeric');
    expect([basename(proto), call]).toEqual(['shapes.proto', 'wirebench.shapes.NumericService.GetRows']);
    expect(existsSync(proto)).toBe(true);
  });
});
