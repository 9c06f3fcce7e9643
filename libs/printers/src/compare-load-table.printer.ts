import { type LoadComparison } from '@app/explain';
import { human } from './table-columns';
import { fitTable } from './fit-table';
import { wrapText } from './wrap-text';

/**
 * The load comparison for a terminal (fitted to `width` when given): req/s and p99 of A and B, the change, and the
 * verdict.
 */
export function printLoadComparison(c: LoadComparison, width?: number): string {
  const rows = c.matched.map((d) => {
    const p = d.pValue === null ? 'n/a' : d.pValue < 0.0001 ? '< 0.0001' : d.pValue.toFixed(4);
    return [
      d.key,
      human(d.rpsA),
      human(d.rpsB),
      d.diffPercent === null ? '' : `${d.diffPercent >= 0 ? '+' : ''}${d.diffPercent.toFixed(1)}`,
      human(d.p99A, 2),
      human(d.p99B, 2),
      d.verdict,
      p,
    ];
  });
  const head = ['level', 'A req/s', 'B req/s', 'diff %', 'A p99 ms', 'B p99 ms', 'verdict', 'Welch p'];
  const table = fitTable({ head, align: head.map(() => 'left'), rows }, width);
  const lines = [
    `A: ${c.a.id}${c.a.label ? ` (${c.a.label})` : ''}`,
    `B: ${c.b.id}${c.b.label ? ` (${c.b.label})` : ''}`,
    table,
    `diff % > 0: B served more requests per second. Verdict from Welch's t-test on the requests completed in ` +
      `each second, alpha ${c.alpha}.`,
  ];
  if (c.onlyInA.length > 0) lines.push(`only in A: ${c.onlyInA.join(', ')}`);
  if (c.onlyInB.length > 0) lines.push(`only in B: ${c.onlyInB.join(', ')}`);
  return lines.map((line) => wrapText(line, width, 2)).join('\n');
}
