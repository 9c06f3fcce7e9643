import { human } from './table-columns';

/**
 * A case as the comparison tables' first cell names it: "1-3 (1,000,000 rows)", "2-3 (1,000 × 1)": its name, then
 * one request's rows or the parallel requests × their rows.
 */
export function caseCell(c: {
  caseName: string;
  mode: 'single' | 'parallel';
  rowsPerRequest: number;
  requests: number;
}): string {
  const size =
    c.mode === 'single'
      ? human(c.rowsPerRequest) + (c.rowsPerRequest === 1 ? ' row' : ' rows')
      : human(c.requests) + ' × ' + human(c.rowsPerRequest);
  return `${c.caseName} (${size})`;
}
