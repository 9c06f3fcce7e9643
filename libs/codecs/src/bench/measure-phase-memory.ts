import { newShapeChecksum, type Shape } from '@app/shapes';
import { benchCodecs } from './bench-codec';
import { PhaseMemoryRecorder, type PhaseMemory } from './phase-memory';

/** Memory at each phase of one reply's life, with one serializer, in a process of its own. */
export interface PhaseMemoryMeasurement {
  shape: string;
  family: 'protobuf' | 'json';
  codec: string;
  rows: number;
  encodedBytes: number;
  /** Whether garbage was collected before each reading (node --expose-gc). */
  gcForced: boolean;
  phases: PhaseMemory[];
}

// Encoded and decoded once before the baseline, so the codec's code is loaded and compiled: the phases then hold data
// only.
const WARM_ROWS = 100;

/**
 * The life of one reply of `rows` rows, phase by phase, in the order a server and a client go through it (both in
 * this one process, one after the other): the rows generated in the serializer's form (the server's generate
 * phase), the reply encoded (rows and bytes alive together), the rows let go (a server after encoding: only the
 * bytes stay), the bytes decoded (the client: bytes and decoded rows), the bytes let go (the decoded rows alone).
 * Nothing is timed here (bench-codec's timed rounds run in other processes). The decoded rows are checked against
 * the generator's (count and checksum) after the last reading, so the figures are those of a correct reply.
 */
export function measurePhaseMemory(
  shape: Shape,
  codecName: string,
  rows: number,
  gc?: () => void,
): PhaseMemoryMeasurement {
  const all = benchCodecs(shape);
  const codec = all.find((c) => c.name === codecName);
  if (!codec) throw new Error(`unknown serializer ${codecName}: valid ones are ${all.map((c) => c.name).join(', ')}`);
  codec.decode(codec.encode(codec.prepare(shape.rows(WARM_ROWS))));

  const recorder = new PhaseMemoryRecorder({ gc });
  recorder.baseline('the code, no rows');
  // prepare converts the generator's rows into the codec's form where it has one (JSON: toJsonRow): a server builds
  // its rows in that form, so the generator's copy is garbage by the reading (it counts in the peak).
  let prepared: unknown = recorder.phase('rows generated', "the rows, in the serializer's form", () =>
    codec.prepare(shape.rows(rows)),
  );
  let encoded: Uint8Array | string | undefined = recorder.phase('reply encoded', 'the rows and the encoded reply', () =>
    codec.encode(prepared),
  );
  recorder.phase('rows released', 'the encoded reply (a server once it has encoded)', () => (prepared = undefined));
  const decoded = recorder.phase('reply decoded', 'the reply and the decoded rows (a client)', () =>
    codec.decode(encoded!),
  );
  const encodedBytes = typeof encoded === 'string' ? Buffer.byteLength(encoded) : encoded.byteLength;
  recorder.phase('reply released', 'the decoded rows (a client once it has decoded)', () => (encoded = undefined));

  const expected = newShapeChecksum(shape)
    .add(shape.rows(rows).map((row) => shape.toJson(row)))
    .digest();
  const actual = newShapeChecksum(shape).add(codec.jsonRows(decoded)).digest();
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    throw new Error(
      `${codec.name} on ${shape.name}: decoded rows do not match ` +
        `(${JSON.stringify(actual)} vs ${JSON.stringify(expected)})`,
    );
  return {
    shape: shape.name,
    family: codec.family,
    codec: codec.name,
    rows,
    encodedBytes,
    gcForced: gc !== undefined,
    phases: recorder.phases,
  };
}
