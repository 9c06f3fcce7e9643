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
export function strictArgs(argv: string[], options: Record<string, { type: 'string' | 'boolean'; short?: string }>, allowPositionals = false): StrictArgs {
  try {
    const { values, positionals } = parseArgs({ args: argv, strict: true, allowPositionals, options });
    return { values: values as StrictArgs['values'], positionals };
  } catch (error) {
    // parseArgs's first sentence names the flag; its advice on positionals that start with '-' is noise here.
    throw new UsageError((error as Error).message.split('\n')[0].replace(/\. To specify a positional argument.*$/, ''));
  }
}
