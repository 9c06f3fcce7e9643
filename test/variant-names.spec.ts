// A variant is one registry entry: what differs between variants (server, address, knobs, client) is read from the
// entry, never decided by a variant's name in code. This reads the source for quoted variant names outside the
// registry's own files and the tables that are lists of variants by design.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { VARIANT_NAMES, VARIANTS } from '@app/bench';
import { TARGET_KINDS } from '@app/load';

const ROOT = join(__dirname, '..');

/** Files that may name variants, and why. */
const MAY_NAME_VARIANTS: Record<string, string> = {
  'libs/bench/src/scenario/variants.ts': 'the registry',
  'libs/bench/src/scenario/connect-variants.ts': "the registry's connect family",
  'apps/client/src/bench/variant-clients.ts': "each path's client builder, keyed by name and checked by the compiler",
  'apps/bench-cli/src/cli/presets.ts': 'the presets: which variants each runs',
  'libs/explain/src/explain/network-verdicts.ts': 'the pairs the network verdicts compare',
  'apps/bench-cli/src/cli/swarm-servers.ts': 'the server images, named like the variants whose servers they run',
};

/** Names that are also another axis's: a load target (`connect-bare`) and a Connect protocol (`grpc-web`). */
const OTHER_AXES = new Set<string>([...TARGET_KINDS, 'grpc-web']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === 'node_modules' || entry === 'fixtures' ? [] : sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') && !path.endsWith('.spec-helper.ts') ? [path] : [];
  });
}

/** `json` and `grpc` are also the families' names, so only the variants that are not a family's own baseline. */
const NAMED = VARIANT_NAMES.filter((v) => VARIANTS[v].baseline !== null && !OTHER_AXES.has(v));

describe('variant names in code', () => {
  it('appear only in the registry and the tables of variants', () => {
    const found: string[] = [];
    for (const file of [...sourceFiles(join(ROOT, 'libs')), ...sourceFiles(join(ROOT, 'apps'))]) {
      const path = relative(ROOT, file);
      if (path in MAY_NAME_VARIANTS) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          // Comments may name variants; code may not.
          const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
          for (const name of NAMED) if (code.includes(`'${name}'`)) found.push(`${path}:${i + 1}: '${name}'`);
        });
    }
    expect(found).toEqual([]);
  });

  it('finds a name where one is (the check can fail)', () => {
    expect(NAMED).toContain('json-fastify');
    expect(readFileSync(join(ROOT, 'libs/bench/src/scenario/variants.ts'), 'utf8')).toContain("'json-fastify'");
  });
});
