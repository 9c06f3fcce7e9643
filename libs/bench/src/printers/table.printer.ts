import type { BenchRun } from '../result/bench-run.interface';
import { TABLE_COLUMNS, TABLE_LEGEND, type TableColumn } from './table-columns';
import { hasPhases, PHASE_LEGEND, PHASE_TABLE_COLUMNS } from './phase-table-columns';
import { explanationOf, PlainTable, variantFiguresTable, WHY_LEGEND, whyTable } from './why-tables';
import { networkVerdicts } from '../explain/network-verdicts';
import { NETWORK_LEGEND, networkTable } from './network-table';
import { runtimeVerdicts } from '../explain/runtime-verdicts';
import { RUNTIME_LEGEND, runtimeTable } from './runtime-table';
import { connectPlacements } from '../explain/connect-placements';
import { CONNECT_LEGEND, connectTable } from './connect-table';
import { fitTable } from './fit-table';
import { wrapText } from './wrap-text';
import { lifetimePeakLegend } from './lifetime-peak';

// scenario and variant name a row; they are repeated in each part of a table split to fit a terminal.
const SCENARIO_KEY = [0, 1];

function columnsTable(run: BenchRun, columns: readonly TableColumn[]): PlainTable {
  return {
    head: columns.map((column) => column.head),
    align: columns.map((column) => column.align),
    rows: run.scenarios.map((result) => columns.map((column) => column.cell(result, run))),
    key: SCENARIO_KEY,
  };
}

/**
 * The results as plain-text terminal tables, one line per scenario x variant: the figures, where the time went,
 * and, when the run has something to explain, why (factor by factor) with the generated sentences. With a `width`
 * (a terminal's), every line fits it: tables split into parts, legends and sentences wrapped; without, full width.
 */
export function printTable(run: BenchRun, width?: number): string {
  const legend = (text: string) => wrapText(text, width);
  const sentences = (list: string[]) => list.map((s) => wrapText(`- ${s}`, width, 2)).join('\n');
  const parts = [`${fitTable(columnsTable(run, TABLE_COLUMNS), width)}\n${legend(TABLE_LEGEND + lifetimePeakLegend(run.scenarios))}`];
  if (hasPhases(run.scenarios)) parts.push(`${fitTable(columnsTable(run, PHASE_TABLE_COLUMNS), width)}\n${legend(PHASE_LEGEND)}`);
  const verdicts = networkVerdicts(run);
  if (verdicts) parts.push(`Under network conditions:\n${fitTable(networkTable(verdicts), width)}\n${legend(NETWORK_LEGEND)}\n${sentences(verdicts.sentences)}`);
  const byRuntime = runtimeVerdicts(run);
  if (byRuntime) parts.push(`By runtime:\n${fitTable(runtimeTable(byRuntime), width)}\n${legend(RUNTIME_LEGEND)}\n${sentences(byRuntime.sentences)}`);
  const byConnect = connectPlacements(run);
  if (byConnect) parts.push(`Connect against JSON and gRPC:\n${fitTable(connectTable(byConnect), width)}\n${legend(CONNECT_LEGEND)}\n${sentences(byConnect.sentences)}`);
  const explanation = explanationOf(run);
  if (explanation) {
    parts.push(`Why:\n${fitTable(whyTable(explanation), width)}\n${legend(WHY_LEGEND)}`);
    parts.push(fitTable(variantFiguresTable(explanation), width));
    parts.push(sentences(explanation.sentences));
  }
  return parts.join('\n\n');
}
