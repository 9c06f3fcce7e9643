#!/usr/bin/env node
'use strict';
// Builds the apps (`nest build <each app>`) unless dist/ is newer than every source, config and the lock file, so
// `npm run start:all` on a fresh clone just works and a second start does not wait for tsc. It says why it builds
// and, as the build goes, which apps are done (nest build itself is silent until the end). All on stderr, so the npm
// scripts that print tables or JSON on stdout stay clean. `npm run build` builds the libraries' own outputs too.
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const readline = require('node:readline');
const { ROOT, APPS, BARE_APPS, entryOf } = require('./apps');
const { buildReason } = require('./build-reason');
const { generateCodecs } = require('./generate-codecs');
const { buildOrder, trackBuild, HOOK } = require('./build-progress');

const STAMP = path.join(ROOT, 'dist', '.build-stamp');
const ENTRIES = [...Object.keys(APPS), ...Object.keys(BARE_APPS), 'bench-cli'].map(entryOf);
const say = (line) => process.stderr.write(`wirebench: ${line}\n`);

// The codecs' generated code first (when proto/ changed or it was never made): the build compiles it, and the unit
// tests (`pretest` runs this script) import it even when no build is due.
try {
  generateCodecs();
} catch (error) {
  say(error.message);
  process.exit(1);
}

const reason = buildReason({ root: ROOT, stamp: STAMP, entries: ENTRIES });
if (reason === null) process.exit(0);
const apps = buildOrder(ROOT);
say(`building the ${apps.length} apps (nest build): ${reason}`);
const started = Date.now();
const progress = trackBuild(apps, started, say);
const nest = require.resolve('@nestjs/cli/bin/nest.js', { paths: [ROOT] });
// Descriptor 3 carries the hook's word of each project nest starts; the others are the user's terminal.
const build = spawn(process.execPath, ['--require', HOOK, nest, 'build', ...apps.map((app) => app.name)], {
  cwd: ROOT,
  stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
});
readline.createInterface({ input: build.stdio[3] }).on('line', (file) => progress.opened(file));
// 'close', not 'exit': after the hook's last line has been read.
build.on('close', (code, signal) => {
  progress.stop(code === 0);
  if (code !== 0) {
    say(`build failed (exit ${code ?? signal})`);
    process.exit(1);
  }
  fs.writeFileSync(STAMP, new Date().toISOString() + '\n');
  say(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
