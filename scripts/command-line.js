'use strict';
// The scripts' command line, read as the bench-cli reads its own (apps/bench-cli/src/cli/strict-args.ts): node:util
// parseArgs, strict. --help prints the usage and exits 0 before anything starts; an unknown flag or a stray argument
// is one line naming it and exit 2, never ignored.
const { parseArgs } = require('node:util');

/** parseArgs's first sentence names the flag; its advice on positionals that start with '-' is noise here. */
function oneLine(error) {
  return error.message.split('\n')[0].replace(/\. To specify a positional argument.*$/, '');
}

/**
 * `{ values, positionals }`, or the process ends: 0 after the usage for --help / -h, 2 after one line for a bad flag.
 */
function readCommandLine({ prefix, usage, options = {}, maxPositionals = 0 }) {
  let parsed;
  try {
    parsed = parseArgs({
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: maxPositionals > 0,
      strict: true,
    });
  } catch (error) {
    process.stderr.write(`${prefix}: ${oneLine(error)} (see --help)\n`);
    process.exit(2);
  }
  if (parsed.values.help) {
    process.stdout.write(usage + '\n');
    process.exit(0);
  }
  if (parsed.positionals.length > maxPositionals) {
    process.stderr.write(`${prefix}: unexpected argument '${parsed.positionals[maxPositionals]}' (see --help)\n`);
    process.exit(2);
  }
  return parsed;
}

module.exports = { readCommandLine };
