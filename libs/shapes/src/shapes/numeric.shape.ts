import { mix32, pick } from '../row-hash';
import { protoShape } from '../proto-shape';
import { longestString, WIDEST_DOUBLE, WIDEST_INT64, WIDEST_ROW_NUM, WIDEST_UINT64 } from '../row-bytes-bound';

/** wirebench.shapes.NumericRow as proto-loader holds it (keepCase, longs and enums as strings). */
export interface NumericRow {
  row_num: number;
  taken_at: { seconds: string; nanos: number };
  device_id: string;
  sequence: string;
  uptime_ms: string;
  error_count: number;
  rssi_dbm: number;
  temperature_c: number;
  pressure_hpa: number;
  latitude: number;
  longitude: number;
  voltage: number;
  current_a: number;
  humidity: number;
  charging: boolean;
  health: string;
}

// 2026-01-01T00:00:00Z: a fixed origin, so timestamps do not depend on when or where rows are made.
const EPOCH_SECONDS = 1_767_225_600;
const HEALTH = ['HEALTH_UNSPECIFIED', 'HEALTH_OK', 'HEALTH_DEGRADED', 'HEALTH_FAILED'] as const;
// Rows cycle through whole seconds, milliseconds, microseconds and nanoseconds: the JSON form writes 0, 3, 6 or 9
// digits.
const NANOS_STEP = [0, 1_000_000, 1000, 1];

/**
 * Row i of `numeric`. 64-bit values sit beyond 2^53 (and `sequence` beyond int64) so a reader that parses them as
 * JS numbers loses digits and the checksum says so; floats are multiples of 1/64 below 100, exact in 32 bits (a
 * float32 round trip gives back the same number) and with no shorter decimal that reads back as the same float32:
 * so printers that write a float32 in its shortest form (Go's, Java's, Python's json_format) and JavaScript's, which
 * writes the double it decoded, write the same text (3.60546875 would come out as 3.6054688 from the former).
 */
export function numericRow(i: number): NumericRow {
  return {
    row_num: i,
    taken_at: { seconds: String(EPOCH_SECONDS + i), nanos: (mix32(i, 1) % 1000) * NANOS_STEP[i % 4] },
    device_id: String(4_000_000_000_000_000_000n + BigInt(mix32(i, 2)) * 1_000_000_007n),
    sequence: String(18_000_000_000_000_000_000n + BigInt(i)),
    uptime_ms: String(BigInt(i) * 1000n + BigInt(mix32(i, 3) % 1000)),
    error_count: mix32(i, 4) % 50,
    rssi_dbm: -30 - (mix32(i, 5) % 70),
    temperature_c: ((mix32(i, 6) % 8000) - 2000) / 100,
    pressure_hpa: 950 + (mix32(i, 7) % 10_000) / 100,
    latitude: (mix32(i, 8) % 180_000_000) / 1e6 - 90,
    longitude: (mix32(i, 9) % 360_000_000) / 1e6 - 180,
    voltage: 3 + (mix32(i, 10) % 64) / 64,
    current_a: (mix32(i, 11) % 1024) / 64,
    humidity: (mix32(i, 12) % 6400) / 64,
    charging: (mix32(i, 13) & 1) === 1,
    health: pick(HEALTH, i, 14),
  };
}

/**
 * Wider than any row numericRow makes, field by field: the widest value each field's type can hold where the
 * generator's range is not obviously narrower (int64s, doubles and floats at their longest JSON text; the last
 * timestamp with 9 fractional digits; negative int32s, 10-byte varints; the longest enum name; `false`).
 */
const WIDEST_NUMERIC: NumericRow = {
  row_num: WIDEST_ROW_NUM,
  taken_at: { seconds: String(EPOCH_SECONDS + WIDEST_ROW_NUM), nanos: 999_999_999 },
  device_id: WIDEST_INT64,
  sequence: WIDEST_UINT64,
  uptime_ms: WIDEST_INT64,
  error_count: 2 ** 32 - 1,
  rssi_dbm: -(2 ** 31),
  temperature_c: WIDEST_DOUBLE,
  pressure_hpa: WIDEST_DOUBLE,
  latitude: WIDEST_DOUBLE,
  longitude: WIDEST_DOUBLE,
  voltage: WIDEST_DOUBLE,
  current_a: WIDEST_DOUBLE,
  humidity: WIDEST_DOUBLE,
  charging: false,
  health: longestString(HEALTH),
};

export const numericShape = protoShape({
  name: 'numeric',
  description:
    'telemetry: 16 numeric fields (int32, int64, uint64, double, float, bool, an enum, a Timestamp), no strings',
  message: 'NumericRow',
  service: 'NumericService',
  row: numericRow,
  widestRow: WIDEST_NUMERIC,
});
