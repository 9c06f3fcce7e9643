// The `npm run bench` examples the docs show run as written without a warning about their own flags: each parses,
// and none of its cases is run otherwise than asked (a concurrency above a case's requests is capped, and said).
import { loadConfig } from '@app/config';
import { parseOptions } from '../apps/bench-cli/src/cli/options';
import { buildScenarioSpecs, cappedNotes } from '../apps/bench-cli/src/cli/scenario-specs';
import { ROOT } from './support/app-process';
import { docFiles, fencedBlocks, readDoc } from './support/markdown';

/** Words as a shell splits them: spaces apart, quotes kept together (no escapes or expansions in these examples). */
const shellWords = (line: string): string[] =>
  [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);

// Placeholders a reader replaces (your.proto, msg.json) cannot parse here, the runtimes preset needs runtimes this
// machine may not have cached, and grpc-bare-server is the variant docs/variants.md adds with WIREBENCH_VARIANTS:
// those examples are covered by their own tests (test/added-variant.e2e-spec.ts for the last).
const PLACEHOLDER = /\byour\b|msg\.json|\.\.\.|--preset runtimes|grpc-bare-server/;

const examples = docFiles(ROOT).flatMap((file) =>
  fencedBlocks(readDoc(ROOT, file)).flatMap((b) =>
    b.lines
      .map((line) => line.replace(/\s+#.*$/, '').trim())
      .filter((line) => line.startsWith('npm run bench -- ') && !PLACEHOLDER.test(line))
      .map((line) => [`${file}:${b.line} ${line}`, shellWords(line).slice(4)] as const),
  ),
);

describe("the docs' npm run bench examples", () => {
  it('are found', () => {
    expect(examples.length).toBeGreaterThan(10);
  });

  it.each(examples)('%s parses and warns about none of its own flags', (_where, argv) => {
    const options = parseOptions([...argv]);
    if (options.help) return;
    expect(cappedNotes(buildScenarioSpecs(options, loadConfig().limits))).toEqual([]);
  });
});
