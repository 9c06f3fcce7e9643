import type { SavedRunComparison } from '../compare-runs/compare-saved-runs';
import { printLoadComparison } from './compare-load-table.printer';
import { printComparison } from './compare-table.printer';

/** Either kind of comparison as a terminal table. */
export function printSavedRunComparison(c: SavedRunComparison): string {
  return c.kind === 'load' ? printLoadComparison(c.comparison) : printComparison(c.comparison);
}
