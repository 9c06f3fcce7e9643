#!/usr/bin/env node
'use strict';
// Generates @app/codecs' code from proto/ (STYLE.md 18: generated code is built, not committed): protobufjs-cli's
// static module (pbjs + pbts), pbf's (scripts/generate-pbf.mjs), protons' (scripts/generate-protons.mjs), and,
// through `buf generate` with libs/codecs/buf.gen.yaml, protobuf-es and ts-proto.
// The output goes to a git-ignored folder with a stamp holding the hash of what it was made from; `--if-stale`
// (what `npm run build` and scripts/build-if-needed.js run) regenerates only when that hash changed or the stamp is
// missing, and a unit test fails when the stamp does not match the sources. Says what it does on stderr.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
/** The proto files the codecs serve (the article's row and the built-in shapes), relative to the root. */
const PROTO_FILES = ['proto/sample.proto', 'proto/shapes.proto'];
/** What else decides the output: the plugins' options and this script's own pbjs flags. */
const CONFIG_FILES = [
  'libs/codecs/buf.gen.yaml',
  'scripts/generate-codecs.js',
  'scripts/generate-pbf.mjs',
  'scripts/generate-protons.mjs',
];
const OUT = 'libs/codecs/src/generated';
const STAMP = 'stamp.json';
// The static module's own root in protobufjs's `roots` registry, so it never shares "default" with other code.
const STATIC_ROOT = 'wirebench_codecs';

const say = (line) => process.stderr.write(`wirebench: ${line}\n`);

/** SHA-256 over the sources' names and contents: the generated output is current when its stamp holds this. */
function sourcesHash(root = ROOT) {
  const hash = createHash('sha256');
  for (const file of [...PROTO_FILES, ...CONFIG_FILES])
    hash
      .update(`${file}\0`)
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

/** Why the generated code must be (re)made, or null when its stamp matches the sources. */
function staleReason(root = ROOT) {
  const stamp = path.join(root, OUT, STAMP);
  if (!fs.existsSync(stamp)) return `no ${OUT}/${STAMP}: the codecs' code was never generated`;
  const { hash } = JSON.parse(fs.readFileSync(stamp, 'utf8'));
  return hash === sourcesHash(root)
    ? null
    : `${PROTO_FILES.join(', ')} or the generators' options changed since ${OUT} was generated`;
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(
      `${path.basename(command)} ` +
        `${args.join(' ')} failed (exit ${result.status ?? result.signal}):\n${result.stderr}${result.error ?? ''}`,
    );
}

const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

/**
 * pbjs's static module as TypeScript: the ES-module JavaScript behind `// @ts-nocheck`, so tsc compiles it into dist/
 * with everything else (a .js file would need allowJs for the whole project) and ts-jest runs it as is; pbts's
 * declarations beside it give it its types.
 */
function generateProtobufjsStatic(out) {
  const dir = path.join(out, 'protobufjs');
  fs.mkdirSync(dir, { recursive: true });
  const js = path.join(dir, 'static.js');
  // keep-case: proto-loader's field names, so the same rows encode without renaming. Only encode and decode are kept:
  // no verify/fromObject/toObject (the copy this codec exists to skip), no delimited or service code. Comments stay:
  // pbts reads the types from them.
  run(bin('pbjs'), [
    '-t',
    'static-module',
    '-w',
    'es6',
    '-r',
    STATIC_ROOT,
    '--keep-case',
    '--no-create',
    '--no-verify',
    '--no-convert',
    '--no-delimited',
    '--no-typeurl',
    '--no-service',
    '-p',
    'proto',
    ...PROTO_FILES,
    '-o',
    js,
  ]);
  run(bin('pbts'), [js, '-o', path.join(dir, 'static-types.d.ts')]);
  fs.writeFileSync(
    path.join(dir, 'static.ts'),
    `// @ts-nocheck -- pbjs's JavaScript; its types are static-types.d.ts (pbts)\n${fs.readFileSync(js, 'utf8')}`,
  );
  fs.rmSync(js);
}

/** Regenerates everything under OUT from the sources, then writes the stamp (last, so a failed run leaves none). */
function generate(root = ROOT) {
  const out = path.join(root, OUT);
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  generateProtobufjsStatic(out);
  run(process.execPath, [path.join(root, 'scripts', 'generate-pbf.mjs'), out, ...PROTO_FILES]);
  run(process.execPath, [path.join(root, 'scripts', 'generate-protons.mjs'), out, ...PROTO_FILES]);
  run(bin('buf'), [
    'generate',
    'proto',
    '--template',
    'libs/codecs/buf.gen.yaml',
    ...PROTO_FILES.flatMap((file) => ['--path', file]),
  ]);
  fs.writeFileSync(
    path.join(out, STAMP),
    JSON.stringify({ hash: sourcesHash(root), sources: [...PROTO_FILES, ...CONFIG_FILES] }, null, 2) + '\n',
  );
}

/** Generates when stale (or always with `force`); returns whether it did. */
function generateCodecs({ force = false } = {}) {
  const reason = force ? 'asked to' : staleReason();
  if (reason === null) return false;
  say(`generating the codecs' code from proto/ (pbjs, pbts, pbf, protons, buf generate): ${reason}`);
  generate();
  return true;
}

if (require.main === module) {
  try {
    generateCodecs({ force: !process.argv.includes('--if-stale') });
  } catch (error) {
    say(error.message);
    process.exit(1);
  }
}

module.exports = { generateCodecs, staleReason, sourcesHash, PROTO_FILES, CONFIG_FILES, OUT, STAMP };
