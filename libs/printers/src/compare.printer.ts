import { type SavedRunComparison } from '@app/explain';
import { printLoadComparison } from './compare-load-table.printer';
import { printComparison } from './compare-table.printer';

/** Either kind of comparison as a terminal table, fitted to `width` when given. */
export function printSavedRunComparison(c: SavedRunComparison, width?: number): string {
  return c.kind === 'load' ? printLoadComparison(c.comparison, width) : printComparison(c.comparison, width);
}
