import { readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  cachedBinary,
  cachedVersions,
  fetchRuntime,
  parseRuntimeSpec,
  probeRuntime,
  resolveRuntime,
  RuntimeError,
  runtimesCacheDir,
} from '@app/runtimes';
import { EXIT } from './bench-command';
import { strictArgs } from './strict-args';
import { UsageError } from './usage-error';

export const SETUP_NODE_HELP =
  `Usage: npm run setup:node -- VERSION [VERSION...] [--offline]
       npm run setup:node -- --list
Fetches the official Node.js binaries the npm registry ships as packages (node-<platform>-<arch>@<version>) into
the project's runtime cache, for npm run bench -- --node and the tests on several runtimes.
  VERSION: a major (22: its newest release on the registry) or an exact version (22.11.0 or v22.11.0).
Each download is checked against the registry's sha512 integrity before it is unpacked; a mismatch is refused and
nothing is cached. A version already cached is not downloaded again. Each runtime is run once to check it works.
The cache: .cache/node-runtimes/<version>/ in the project (git-ignored); NODE_RUNTIMES_DIR moves it.
The registry: npm's (npm config get registry; npm_config_registry overrides it).
--offline: ask no registry; each VERSION must be in the cache already (a major: its newest cached release).
--list: shows the cached versions and their paths.
Prints one line per runtime: its version, where it came from and its path. Exit 2 with one line when one ` +
  `cannot be had.`;

interface SetupNodeOptions {
  help: boolean;
  list: boolean;
  offline: boolean;
  specs: string[];
}

export function parseSetupNodeOptions(argv: string[]): SetupNodeOptions {
  const { values, positionals } = strictArgs(
    argv,
    { help: { type: 'boolean', short: 'h' }, list: { type: 'boolean' }, offline: { type: 'boolean' } },
    true,
  );
  const options = {
    help: values.help === true,
    list: values.list === true,
    offline: values.offline === true,
    specs: positionals.flatMap((p) => p.split(',')).filter((p) => p !== ''),
  };
  if (options.help || options.list) return options;
  if (options.specs.length === 0)
    throw new UsageError('no version given: name majors or exact versions, e.g. npm run setup:node -- 22 24 26');
  for (const text of options.specs) {
    const spec = parseRuntimeSpec(text);
    if (spec.kind === 'path' || spec.kind === 'current')
      throw new UsageError(`'${text}' needs no setup: setup:node fetches majors (22) or exact versions (22.11.0)`);
  }
  return options;
}

/** One runtime into the cache (or found there), run once; returns its line. */
async function setUp(text: string, offline: boolean): Promise<string> {
  const spec = parseRuntimeSpec(text);
  if (offline) {
    const resolved = await resolveRuntime(text, { offline: true });
    return (
      `node ${resolved.nodeVersion} (V8 ${resolved.v8Version}) ` +
      `${resolved.source === 'current' ? 'is ' + "this process's node" : 'already cached'}: ${resolved.path}`
    );
  }
  const wanted = spec.kind === 'major' ? { major: spec.major } : { version: (spec as { version: string }).version };
  const fetched = await fetchRuntime(spec.text, wanted);
  const versions = await probeRuntime(spec.text, fetched.path).catch((error: unknown) => {
    // A download that cannot run here (a glibc build on musl, say) is not kept: the cache holds runtimes that answered.
    if (fetched.source === 'fetched') rmSync(dirname(dirname(fetched.path)), { recursive: true, force: true });
    throw error;
  });
  const how =
    fetched.source === 'cache'
      ? 'already cached, nothing downloaded'
      : `fetched (${megabytes(fetched.bytes ?? 0)} downloaded)`;
  return `node ${versions.nodeVersion} (V8 ${versions.v8Version}) ${how}: ${fetched.path}`;
}

function listCache(): string {
  const dir = runtimesCacheDir();
  const versions = cachedVersions(dir);
  if (versions.length === 0)
    return `no Node runtimes cached in ${dir}; fetch some with: npm run setup:node -- 22 24 26`;
  const lines = versions.map(
    (v) => `node ${v}  ${megabytes(folderBytes(join(dir, v)))} on disk  ${cachedBinary(dir, v)}`,
  );
  return [`${versions.length} Node runtime(s) cached in ${dir}:`, ...lines].join('\n');
}

function folderBytes(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.size;
  return readdirSync(path).reduce((sum, entry) => sum + folderBytes(join(path, entry)), 0);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** `npm run setup:node`: returns the exit code; stdout gets one line per runtime. */
export async function runSetupNodeCommand(argv: string[]): Promise<number> {
  try {
    const options = parseSetupNodeOptions(argv);
    if (options.help) {
      process.stdout.write(SETUP_NODE_HELP + '\n');
      return EXIT.ok;
    }
    if (options.list) {
      process.stdout.write(listCache() + '\n');
      return EXIT.ok;
    }
    // One at a time: each download is tens of MB, and the first failure stops with its own line.
    for (const text of options.specs) process.stdout.write((await setUp(text, options.offline)) + '\n');
    return EXIT.ok;
  } catch (error) {
    if (error instanceof RuntimeError) {
      process.stderr.write(`wirebench setup:node: ${error.message}\n`);
      return EXIT.usage;
    }
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`wirebench setup:node: ${error.message} (see --help)\n`);
    return EXIT.usage;
  }
}
