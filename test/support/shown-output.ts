// What the docs show a runnable block printed, and whether the command prints it: the output checks of
// docs-runnable.e2e-spec.ts, apart so that their matching is tested without starting the stack (shown-output.spec.ts).

/**
 * A fenced block marked `output` (lines) or `json output` (keys), checked against what the nearest runnable block
 * before it in the same file prints, `npm run start:all`'s block against the stack's own output. Numbers may differ
 * (times, ports) and `...` stands for what the docs leave out; every line shown must match a line printed, and every
 * JSON key shown must be one the reply has.
 */
export interface ShownOutput {
  where: string;
  /** The runnable block it shows the output of (`file:line`), or the start command. */
  of: string;
  json: boolean;
  lines: string[];
}

/** The output blocks of one file's fenced blocks, each with the runnable block it belongs to. */
export function shownOutputsOf(
  file: string,
  blocks: readonly { info: string; lines: string[]; line: number }[],
  runnable: (block: { info: string; lines: string[] }) => string | null,
): ShownOutput[] {
  let last: string | null = null;
  return blocks.flatMap((b) => {
    const of = runnable(b);
    if (of !== null) {
      last = of === '' ? `${file}:${b.line}` : of;
      return [];
    }
    if (!/^(json )?output$/.test(b.info)) return [];
    if (last === null) throw new Error(`${file}:${b.line}: an output block before any runnable block`);
    return [
      {
        where: `${file}:${b.line}`,
        of: last,
        json: b.info.startsWith('json'),
        lines: b.lines.filter((l) => l.trim() !== ''),
      },
    ];
  });
}

/** A shown line as a pattern: `...` any text, any number any number (times, ports, counts), the rest as written. */
export function linePattern(line: string): RegExp {
  const escaped = line.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(escaped.replace(/\\\.\\\.\\\./g, '.*').replace(/\d+(?:(?:\\\.|,)\d+)*/g, '[\\d.,]+'));
}

/** What a shown block leaves unmatched in the real output: lines (or JSON keys) the command did not print. */
export function unmatched(shown: Pick<ShownOutput, 'json' | 'lines'>, real: string): string[] {
  if (shown.json) {
    const keys = new Set([...real.matchAll(/"([\w$]+)":/g)].map((m) => m[1]));
    return [...new Set(shown.lines.flatMap((l) => [...l.matchAll(/"([\w$]+)":/g)].map((m) => m[1])))]
      .filter((k) => !keys.has(k))
      .map((k) => `key "${k}"`);
  }
  const realLines = real
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim());
  return shown.lines.filter((l) => !realLines.some((r) => linePattern(l).test(r)));
}
