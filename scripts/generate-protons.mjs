// protons' generated code for proto/ (called by scripts/generate-codecs.js, which owns the stamp): one TypeScript
// module per proto file under <out>/protons/, each protons' codec (libp2p's protobuf compiler) bundled by esbuild with
// protons-runtime and its helpers into one module behind `// @ts-nocheck`, as the other generated code is.
// Bundled because protons-runtime is an ES module only (its exports have no "require" condition), which neither
// tsc's CommonJS output nor Jest's runtime can load; the bundle has no imports left, so both take it as it is.
// usage: node scripts/generate-protons.mjs OUT_DIR PROTO_FILE...
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { generate } from 'protons';

const [out, ...protoFiles] = process.argv.slice(2);
// The generated code sits in a temporary folder: its imports resolve from the project's node_modules.
const NODE_MODULES = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules');

/**
 * What protons compiles: the proto file without what it cannot take, the wire format unchanged. protons makes every
 * top-level name a module-level definition, so a package (a namespace with no fields) fails it: the package line goes,
 * and so do services (it compiles messages only). It reads no imports it was not given: google.protobuf.Timestamp
 * becomes a message of the same two fields, which encodes identically.
 */
function protonsSource(text) {
  const timestamp = 'message Timestamp {\n  int64 seconds = 1;\n  int32 nanos = 2;\n}\n';
  let source = text
    .replace(/^\s*package\s+[\w.]+\s*;/m, '')
    .replace(/^\s*service\s+\w+\s*\{(?:[^{}]|\{[^{}]*\})*\}/gm, '')
    .replace(/google\.protobuf\.Timestamp/g, 'Timestamp');
  if (/^\s*import\s+"google\/protobuf\/timestamp\.proto"\s*;/m.test(source))
    source = source.replace(/^\s*import\s+"google\/protobuf\/timestamp\.proto"\s*;/m, timestamp);
  const left = source.match(/^\s*(import|service|package)\b.*$/m);
  if (left) throw new Error(`protons cannot compile "${left[0].trim()}"`);
  return source;
}

const work = mkdtempSync(join(tmpdir(), 'wirebench-protons-'));
try {
  const dir = join(out, 'protons');
  mkdirSync(dir, { recursive: true });
  for (const file of protoFiles) {
    const name = basename(file, '.proto');
    const proto = join(work, `${name}.proto`);
    writeFileSync(proto, protonsSource(readFileSync(file, 'utf8')));
    await generate(proto, { output: work });
    const bundled = await build({
      entryPoints: [join(work, `${name}.ts`)],
      bundle: true,
      format: 'esm',
      platform: 'node',
      nodePaths: [NODE_MODULES],
      target: 'node20',
      write: false,
      logLevel: 'silent',
    });
    writeFileSync(
      join(dir, `${name}.ts`),
      `// @ts-nocheck -- protons' generated codecs with protons-runtime, bundled by esbuild\n` +
        bundled.outputFiles[0].text,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
