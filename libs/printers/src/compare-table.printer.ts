import { type RunComparison, type ScenarioKey } from '@app/explain';
import { human, medianCiText } from './table-columns';
import { fitTable } from './fit-table';
import { wrapText } from './wrap-text';

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
  return (
    `${k.name} ${k.variant} ` +
    `(${k.mode}, ${k.rowsPerRequest} rows x ${k.requests} requests, concurrency ${k.concurrency})`
  );
}

function unmatched(title: string, keys: ScenarioKey[]): string[] {
  return keys.length === 0 ? [] : [`${title}:`, ...keys.map((k) => `  ${keyText(k)}`)];
}

/**
 * Run A against run B as a terminal table (fitted to `width` when given), then the results that only one of them has.
 */
export function printComparison(c: RunComparison, width?: number): string {
  const ci = `${c.level * 100}% CI`;
  const table = fitTable(
    {
      head: ['scenario', 'variant', 'A median ms', `A ${ci}`, 'B median ms', `B ${ci}`, 'diff %', 'verdict', 'Welch p'],
      align: ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'left', 'right'],
      rows: c.matched.map((d) => [
        d.name,
        d.variant,
        human(d.medianA, 2),
        medianCiText(d.medianCiA),
        human(d.medianB, 2),
        medianCiText(d.medianCiB),
        diffText(d.medianDiffPercent),
        d.verdict,
        pValueText(d.pValue),
      ]),
      key: [0, 1],
    },
    width,
  );
  const lines = [
    `A: ${runName(c.a)}`,
    `B: ${runName(c.b)}`,
    table,
    `diff % = (B median - A median) / A median. verdict: B faster or slower when the medians' ${ci}s do not overlap;`,
    `not distinguishable when they overlap or the runs are too few (3 + 3 never tell; 4 + 4 can). (n%) = confidence an`,
    `interval reaches with fewer than 6 runs. Welch p: Welch's t-test on the means, for reference only.`,
    ...unmatched('Only in A', c.onlyInA),
    ...unmatched('Only in B', c.onlyInB),
  ];
  return lines.map((line) => wrapText(line, width, 2)).join('\n');
}
