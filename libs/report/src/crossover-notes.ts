import { human } from '@app/printers';
import type { Crossing } from './crossovers';

const at = (x: number) => human(x, x < 10 ? 1 : 0);

/**
 * The sentences under a chart with lines: each crossing the intervals support, each they do not (with where and why
 * the runs cannot tell the lines apart), or that no line overtakes another. `unit` names the x axis ("rows/req").
 */
export function crossoverNotes(crossings: readonly Crossing[], lineCount: number, unit: string): string[] {
  if (crossings.length === 0)
    return lineCount > 1 ? ['No crossover: no line overtakes another within the measured range.'] : [];
  return crossings.map((c) => {
    if (c.overlapAt.length === 0)
      return `Crossover: ${c.crossover.text} at about ${at(c.crossover.x)} (${unit}), ${human(c.crossover.y, 2)} ms.`;
    // "at 1 and 1,000: 3 runs a side, ..." when both sizes fail for the same reason.
    const reasons = [...new Set(c.overlapAt.map((o) => o.why))];
    const where = reasons
      .map(
        (why) =>
          `at ${c.overlapAt
            .filter((o) => o.why === why)
            .map((o) => human(o.x))
            .join(' and ')}: ${why}`,
      )
      .join('; ');
    return (
      `No crossover the intervals ` +
      `support: ${c.faster} and ${c.slower} change order ` +
      `between ${human(c.between[0])} and ${human(c.between[1])} (${unit}), ` +
      `where the medians' lines meet near ${at(c.crossover.x)}, but ${where}.`
    );
  });
}
