// pbf's generated code for proto/ (called by scripts/generate-codecs.js, which owns the stamp): one TypeScript module
// per proto file under <out>/pbf/, each pbf's compileRaw output (read<Message>/write<Message> functions over a Pbf)
// behind `// @ts-nocheck`, as the protobufjs static module is. An ES module of its own because pbf is one.
// usage: node scripts/generate-pbf.mjs OUT_DIR PROTO_FILE...
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { compileRaw } from 'pbf/compile';
import resolveSchema from 'resolve-protobuf-schema';

const require = createRequire(import.meta.url);
const [out, ...protoFiles] = process.argv.slice(2);

/**
 * pbf's parser reads imports from disk beside the importing file, and the well-known types are not on disk here:
 * google/protobuf/timestamp.proto is written from protobufjs's own copy of it (protobuf.common), field for field.
 */
function writeWellKnownTypes(dir) {
  const common = require('protobufjs').common.get('google/protobuf/timestamp.proto');
  const { Timestamp } = common.nested.google.nested.protobuf.nested;
  const fields = Object.entries(Timestamp.fields).map(([name, f]) => `  ${f.type} ${name} = ${f.id};`);
  mkdirSync(join(dir, 'google', 'protobuf'), { recursive: true });
  writeFileSync(
    join(dir, 'google', 'protobuf', 'timestamp.proto'),
    ['syntax = "proto3";', 'package google.protobuf;', 'message Timestamp {', ...fields, '}', ''].join('\n'),
  );
}

/**
 * pbf names every message by its own name, packages aside, and resolves a field's type by that name alone: a
 * package-qualified type (google.protobuf.Timestamp) becomes the bare name of the message the imports brought in.
 */
function unqualifyTypes(schema) {
  const known = new Set();
  const collect = (m) => (known.add(m.name), (m.messages ?? []).forEach(collect), (m.enums ?? []).forEach(collect));
  schema.messages.forEach(collect);
  schema.enums.forEach(collect);
  const fix = (m) => {
    for (const field of m.fields ?? []) {
      const last = field.type.split('.').pop();
      if (field.type.includes('.') && known.has(last)) field.type = last;
    }
    (m.messages ?? []).forEach(fix);
  };
  schema.messages.forEach(fix);
  return schema;
}

const work = mkdtempSync(join(tmpdir(), 'wirebench-pbf-'));
try {
  writeWellKnownTypes(work);
  const dir = join(out, 'pbf');
  mkdirSync(dir, { recursive: true });
  for (const file of protoFiles) {
    cpSync(file, join(work, basename(file)));
    const code = compileRaw(unqualifyTypes(resolveSchema.sync(join(work, basename(file)))));
    const name = basename(file, '.proto');
    writeFileSync(join(dir, `${name}.ts`), `// @ts-nocheck -- pbf's generated JavaScript (pbf/compile)\n${code}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
