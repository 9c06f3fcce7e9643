import { parseArgs } from 'node:util';
import { UsageError } from './usage-error';

export interface StrictArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/**
 * node:util parseArgs in strict mode, as every wirebench CLI reads its command line: an unknown flag, a flag without
 * its value or a stray argument is a UsageError whose one line names it (exit 2), never something silently ignored.
 */
export function strictArgs(
  argv: string[],
  options: Record<string, { type: 'string' | 'boolean'; short?: string }>,
  allowPositionals = false,
): StrictArgs {
  try {
    const { values, positionals } = parseArgs({
      args: joinNegativeValues(argv, options),
      strict: true,
      allowPositionals,
      options,
    });
    return { values: values as StrictArgs['values'], positionals };
  } catch (error) {
    // parseArgs's first sentence names the flag; its advice on positionals that start with '-' is noise here.
    throw new UsageError((error as Error).message.split('\n')[0].replace(/\. To specify a positional argument.*$/, ''));
  }
}

// A negative number after a flag that takes a value: parseArgs reads "-1" as a flag of its own ("argument is
// ambiguous"), so `--warmup -1` would never reach the option's own check and its limit.
const NEGATIVE_NUMBER = /^-(\d|\.\d)/;

/** `--warmup -1` and `-r -1` as `--warmup=-1`: every option that takes a value takes a negative one the same way. */
function joinNegativeValues(
  argv: string[],
  options: Record<string, { type: 'string' | 'boolean'; short?: string }>,
): string[] {
  const byShort = new Map<string, string>(
    Object.entries(options).flatMap(([name, o]) => (o.short ? [[`-${o.short}`, name] as const] : [])),
  );
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].startsWith('--') ? argv[i].slice(2) : byShort.get(argv[i]);
    const next = argv[i + 1];
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      out.push(`--${name}=${next}`);
      i++;
    } else {
      out.push(argv[i]);
    }
  }
  return out;
}
