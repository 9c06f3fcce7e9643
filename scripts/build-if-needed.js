#!/usr/bin/env node
'use strict';
// Builds all apps with `nest build --all` unless dist/ is newer than every source, config and the lock file,
// so `npm run start:all` on a fresh clone just works and a second start does not wait for tsc.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ROOT, APPS, BARE_APPS, entryOf } = require('./apps');

const STAMP = path.join(ROOT, 'dist', '.build-stamp');
const INPUTS = ['apps', 'libs', 'proto', 'tsconfig.json', 'nest-cli.json', 'package-lock.json'];

function newestMtime(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(p).reduce((max, entry) => Math.max(max, newestMtime(path.join(p, entry))), stat.mtimeMs);
}

function isUpToDate() {
  if (!fs.existsSync(STAMP)) return false;
  if (![...Object.keys(APPS), ...Object.keys(BARE_APPS), 'bench-cli'].every((app) => fs.existsSync(entryOf(app)))) return false;
  const built = fs.statSync(STAMP).mtimeMs;
  return INPUTS.every((input) => newestMtime(path.join(ROOT, input)) <= built);
}

if (isUpToDate()) process.exit(0);
process.stderr.write('wirebench: building apps (nest build --all)...\n');
const started = Date.now();
const nest = require.resolve('@nestjs/cli/bin/nest.js', { paths: [ROOT] });
const result = spawnSync(process.execPath, [nest, 'build', '--all'], { cwd: ROOT, stdio: 'inherit' });
if (result.status !== 0) {
  process.stderr.write(`wirebench: build failed (exit ${result.status ?? result.signal})\n`);
  process.exit(1);
}
fs.writeFileSync(STAMP, new Date().toISOString() + '\n');
process.stderr.write(`wirebench: built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
