import { SAMPLE_RUN } from './fixtures/sample-run';
import { printJson } from './json.printer';

describe('printJson', () => {
  it('reads back to the same run', () => {
    expect(JSON.parse(printJson(SAMPLE_RUN))).toEqual(SAMPLE_RUN);
  });

  it('is indented for people', () => {
    expect(printJson(SAMPLE_RUN).split('\n').slice(1, 3)).toEqual(['  "kind": "bench",', '  "id": "2024-05-01T10-00-00Z-article",']);
  });
});
