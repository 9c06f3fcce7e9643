import Table from 'cli-table3';
import type { RunComparison, ScenarioKey } from '../compare-runs/compare-runs';
import { human } from './table-columns';

const runName = (side: RunComparison['a']) => (side.label ? `${side.id} (${side.label})` : side.id);

// Below 0.0001 the exact digits say nothing more than "very unlikely to be chance".
function pValueText(p: number | null): string {
  if (p === null) return 'n/a';
  return p < 0.0001 ? '< 0.0001' : p.toFixed(4);
}

function diffText(percent: number | null): string {
  if (percent === null) return '';
  return `${percent > 0 ? '+' : ''}${human(percent, 1)}`;
}

function keyText(k: ScenarioKey): string {
  return `${k.name} ${k.transport} (${k.mode}, ${k.rowsPerRequest} rows x ${k.requests} requests, concurrency ${k.concurrency})`;
}

function unmatched(title: string, keys: ScenarioKey[]): string[] {
  return keys.length === 0 ? [] : [`${title}:`, ...keys.map((k) => `  ${keyText(k)}`)];
}

/** Run A against run B as a terminal table, then the results that only one of them has. */
export function printComparison(c: RunComparison): string {
  const table = new Table({
    head: ['scenario', 'transport', 'A mean ms', 'B mean ms', 'diff %', 'p-value', 'significant'],
    colAligns: ['left', 'left', 'right', 'right', 'right', 'right', 'left'],
    // No colour codes (pipes, log files); compact drops the rule between rows.
    style: { head: [], border: [], compact: true },
  });
  for (const d of c.matched) {
    table.push([d.name, d.transport, human(d.meanA, 2), human(d.meanB, 2), diffText(d.diffPercent),
      pValueText(d.pValue), d.significant ? 'yes' : 'no']);
  }
  const lines = [
    `A: ${runName(c.a)}`,
    `B: ${runName(c.b)}`,
    table.toString(),
    `diff % = (B mean - A mean) / A mean; significant when Welch's t-test gives p < ${c.alpha}.`,
    ...unmatched('Only in A', c.onlyInA),
    ...unmatched('Only in B', c.onlyInB),
  ];
  return lines.join('\n');
}
