import type { RuntimePair } from './runtime-blocks';

/**
 * What a runtime block adds to the names of its levels: `@<runtime>` (c8@node22.23.3), and `@round<N>` when there are
 * several rounds, so no table or `npm run bench:compare` ever puts one runtime's or one round's level under another's
 * name. Empty without a runtime axis: the names stay as they were.
 */
export function blockTag(pair: RuntimePair | null, round: number, rounds: number): string {
  if (!pair) return '';
  return `@${pair.label}${rounds > 1 ? `@round${round}` : ''}`;
}
