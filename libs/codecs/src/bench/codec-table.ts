import type { CodecMeasurement } from './measure-codec';
import { median } from './median';

const MB = 1024 * 1024;
const fixed = (value: number, digits: number) => value.toFixed(digits);

/**
 * The measurements as a Markdown table (what docs/serializers.md shows): per shape and serializer, the median encode
 * and decode time per row, the encode time beside JSON.stringify's for the same rows, the reply's size and memory.
 */
export function codecTable(measurements: readonly CodecMeasurement[]): string {
  const header = [
    'shape',
    'rows',
    'family',
    'serializer',
    'encode µs/row',
    'decode µs/row',
    'encode+decode × JSON.stringify',
    'reply MB',
    'RSS before MB',
    'peak RSS MB',
  ];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map((h, k) => (k < 4 ? ' --- ' : ' ---: ')).join('|')}|`];
  for (const m of measurements) {
    const perRow = (ms: number[]) => (median(ms) * 1000) / m.rows;
    const baseline = measurements.find((b) => b.shape === m.shape && b.rows === m.rows && b.codec === 'json-stringify');
    const total = (x: CodecMeasurement) => median(x.encodeMs) + median(x.decodeMs);
    const ratio = baseline ? fixed(total(m) / total(baseline), 2) : '';
    const cells = [
      m.shape,
      m.rows.toLocaleString('en-US'),
      m.family,
      m.codec,
      fixed(perRow(m.encodeMs), 3),
      fixed(perRow(m.decodeMs), 3),
      ratio,
      fixed(m.encodedBytes / MB, 1),
      fixed(m.rssBeforeBytes / MB, 0),
      fixed(m.peakRssBytes / MB, 0),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}
