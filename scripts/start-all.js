#!/usr/bin/env node
'use strict';
// `npm run start:all`: the JSON server, the gRPC server and the client in one terminal, with prefixed logs.
// `node scripts/start-all.js bare` (`npm run start:bare`) does the same for the two servers without Nest.
// If one of them exits (bad setting, port in use, crash), the others are stopped and the exit code is non-zero;
// Ctrl-C or SIGTERM stops them all. concurrently forwards the signal and waits for the children.
const path = require('node:path');
const { concurrently } = require('concurrently');
const { GROUPS, ROOT, entryOf } = require('./apps');

const group = process.argv[2] ?? 'all';
if (!GROUPS[group]) {
  process.stderr.write(`wirebench: unknown app group ${JSON.stringify(group)}; one of ${Object.keys(GROUPS).join(', ')}\n`);
  process.exit(2);
}

// Check every setting once before starting anything, so a bad value is one line, not every app failing.
const { loadConfig, ConfigError } = require(path.join(ROOT, 'dist', 'apps', 'client', 'libs', 'config', 'src'));
try {
  loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`wirebench: ${error.message}\n`);
  process.exit(2);
}

const { result } = concurrently(
  Object.entries(GROUPS[group]).map(([app, { name, color }]) => ({
    command: `exec "${process.execPath}" "${entryOf(app)}"`,
    name,
    prefixColor: color,
  })),
  { killOthersOn: ['failure', 'success'], killSignal: 'SIGTERM', prefix: 'name', handleInput: false },
);

result.then(
  () => process.exit(0),
  (events) => {
    const failed = events.filter((e) => e.exitCode !== 0 && e.exitCode !== 'SIGTERM' && e.exitCode !== 'SIGINT' && !e.killed);
    // Stopped by the user: a clean exit. Stopped because one app failed: name it and pass its code on.
    if (failed.length === 0) process.exit(0);
    const first = failed[0];
    process.stderr.write(`wirebench: ${first.command.name} exited with ${first.exitCode}; stopped the others\n`);
    process.exit(typeof first.exitCode === 'number' ? first.exitCode : 1);
  },
);
