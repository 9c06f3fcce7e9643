import Table from 'cli-table3';
import type { BenchRun } from '../result/bench-run.interface';
import { TABLE_COLUMNS, TABLE_LEGEND, type TableColumn } from './table-columns';
import { hasPhases, PHASE_LEGEND, PHASE_TABLE_COLUMNS } from './phase-table-columns';
import { explanationOf, PlainTable, variantFiguresTable, WHY_LEGEND, whyTable } from './why-tables';
import { networkVerdicts } from '../explain/network-verdicts';
import { NETWORK_LEGEND, networkTable } from './network-table';

function textTable(run: BenchRun, columns: readonly TableColumn[]): string {
  const table = new Table({
    head: columns.map((column) => column.head),
    colAligns: columns.map((column) => column.align),
    // No colour codes (pipes, log files); compact drops the rule between rows.
    style: { head: [], border: [], compact: true },
  });
  for (const result of run.scenarios) table.push(columns.map((column) => column.cell(result, run)));
  return table.toString();
}

function plainTable(t: PlainTable): string {
  const table = new Table({ head: t.head, colAligns: t.align, style: { head: [], border: [], compact: true } });
  for (const row of t.rows) table.push(row);
  return table.toString();
}

/**
 * The results as plain-text terminal tables, one line per scenario x variant: the figures, where the time went,
 * and, when the run has something to explain, why (factor by factor) with the generated sentences.
 */
export function printTable(run: BenchRun): string {
  const parts = [`${textTable(run, TABLE_COLUMNS)}\n${TABLE_LEGEND}`];
  if (hasPhases(run.scenarios)) parts.push(`${textTable(run, PHASE_TABLE_COLUMNS)}\n${PHASE_LEGEND}`);
  const verdicts = networkVerdicts(run);
  if (verdicts) parts.push(`Under network conditions:\n${plainTable(networkTable(verdicts))}\n${NETWORK_LEGEND}\n${verdicts.sentences.map((s) => `- ${s}`).join('\n')}`);
  const explanation = explanationOf(run);
  if (explanation) {
    parts.push(`Why:\n${plainTable(whyTable(explanation))}\n${WHY_LEGEND}`);
    parts.push(plainTable(variantFiguresTable(explanation)));
    parts.push(explanation.sentences.map((s) => `- ${s}`).join('\n'));
  }
  return parts.join('\n\n');
}
