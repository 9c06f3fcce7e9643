import type { PhaseMemoryMeasurement } from './measure-phase-memory';
import type { PhaseMemory } from './phase-memory';
import { phaseMemoryNote, phaseMemoryTable } from './phase-memory-table';

const MB = 1024 * 1024;

const phase = (
  name: string,
  rssMb: number,
  rssDelta: number,
  peakMb: number | null,
  peakDelta: number | null,
  heapMb: number,
  heapDelta: number,
  gcForced = true,
): PhaseMemory => ({
  phase: name,
  holds: `holds of ${name}`,
  rssBytes: rssMb * MB,
  heapUsedBytes: heapMb * MB,
  externalBytes: 150 * MB,
  arrayBuffersBytes: 149 * MB,
  peakRssBytes: peakMb === null ? null : peakMb * MB,
  rssIncrementBytes: rssDelta * MB,
  heapUsedIncrementBytes: heapDelta * MB,
  externalIncrementBytes: 0,
  peakIncrementBytes: peakDelta === null ? null : peakDelta * MB,
  gcForced,
});

const measurement = (phases: PhaseMemory[], gcForced = true): PhaseMemoryMeasurement => ({
  shape: 'row',
  family: 'protobuf',
  codec: 'protobufjs-static',
  rows: 1_000_000,
  encodedBytes: 149 * MB,
  gcForced,
  phases,
});

describe('phaseMemoryTable', () => {
  it('gives one line per phase with MB, signed increments and the peak', () => {
    const table = phaseMemoryTable([
      measurement([phase('before', 90, 0, 95, null, 20, 0), phase('rows released', 700, -150, 1000, 200, 30, -420)]),
    ]);
    const [header, align, before, released] = table.split('\n');
    expect(header).toBe(
      '| serializer | phase | holds | RSS MB | Δ RSS | peak RSS MB | Δ peak | heapUsed MB | Δ heap | external ' +
        'MB | of it ArrayBuffers MB |',
    );
    expect(align).toBe('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    expect(before).toBe('| protobufjs-static | before | holds of before | 90 | +0 | 95 |  | 20 | +0 | 150 | 149 |');
    expect(released).toBe(
      '| protobufjs-static | rows released | holds of rows released | 700 | −150 | 1000 | +200 | 30 | −420 | ' +
        '150 | 149 |',
    );
  });

  it('writes n/a where the system gave no peak', () => {
    const [, , line] = phaseMemoryTable([measurement([phase('before', 90, 0, null, null, 20, 0)])]).split('\n');
    expect(line).toContain('| 90 | +0 | n/a |  |');
  });
});

describe('phaseMemoryNote', () => {
  it('says whether garbage was collected before the readings and where the peaks come from', () => {
    expect(phaseMemoryNote([measurement([phase('before', 90, 0, 95, null, 20, 0)])])).toMatch(
      /garbage collected before each reading \(node --expose-gc\).*VmHWM/,
    );
    const without = phaseMemoryNote([measurement([phase('before', 90, 0, null, null, 20, 0, false)], false)]);
    expect(without).toContain('garbage NOT collected');
    expect(without).toContain('no per-phase peak');
  });
});
