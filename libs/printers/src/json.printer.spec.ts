import { SAMPLE_RUN } from '@app/explain';
import { RESULT_SCHEMA_VERSION } from '@app/bench';
import { printJson } from './json.printer';

describe('printJson', () => {
  it('reads back to the same run, with the schema version of result.json', () => {
    expect(JSON.parse(printJson(SAMPLE_RUN))).toEqual({ schemaVersion: RESULT_SCHEMA_VERSION, ...SAMPLE_RUN });
  });

  it('is indented for people, the schema version first', () => {
    expect(printJson(SAMPLE_RUN).split('\n').slice(1, 4)).toEqual([
      `  "schemaVersion": ${RESULT_SCHEMA_VERSION},`,
      '  "kind": "bench",',
      '  "id": "2024-05-01T10-00-00Z-article",',
    ]);
  });

  it('writes the current version over the one a run was read with', () => {
    expect(JSON.parse(printJson({ ...SAMPLE_RUN, schemaVersion: 0 })).schemaVersion).toBe(RESULT_SCHEMA_VERSION);
  });
});
