#!/usr/bin/env node
'use strict';
// npm run test:runtime [-- --node SPEC] [jest options]: the unit suite and the runtime subset
// (test/runtime-subset.json) in one jest run, on this node or on SPEC (a major, an exact version or a path to a node
// binary, from the cache that `npm run setup:node` fills; nothing is fetched here). Jest itself runs on that node and
// the e2e specs start every app with process.execPath, so the apps run on it too; its bin folder also goes first on
// PATH, for anything that runs `node` by name. Exit: jest's, or 2 with one line when SPEC cannot be used.
const path = require('node:path');
const { spawn } = require('node:child_process');
const { readRuntimeSubset, runtimeJestArgs } = require('./runtime-subset');

const ROOT = path.join(__dirname, '..');
const say = (line) => process.stderr.write(`wirebench test:runtime: ${line}\n`);

/** `--node SPEC` (or `--node=SPEC`) taken out of the arguments; the rest go to jest. */
function splitNodeOption(args) {
  const rest = [];
  let spec;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--node') spec = args[++i] ?? '';
    else if (args[i].startsWith('--node=')) spec = args[i].slice('--node='.length);
    else rest.push(args[i]);
  }
  if (spec === '' || spec?.startsWith('-'))
    throw new Error('--node needs a runtime: a major (24), an exact version (24.11.1) or a path to a node binary');
  return { spec, rest };
}

async function nodeFor(spec) {
  if (spec === undefined) return { path: process.execPath, nodeVersion: process.versions.node };
  const { resolveRuntime } = require(path.join(ROOT, 'dist', 'apps', 'bench-cli', 'libs', 'runtimes', 'src'));
  // A relative path is from where the user typed the command: npm runs scripts from the root and says where in
  // INIT_CWD.
  return resolveRuntime(spec, { offline: true, cwd: process.env.INIT_CWD ?? process.cwd() });
}

async function main() {
  const { spec, rest } = splitNodeOption(process.argv.slice(2));
  const e2e = readRuntimeSubset();
  const node = await nodeFor(spec);
  say(`node v${node.nodeVersion} (${node.path}): the unit suite and ${e2e.join(', ')}`);
  const jest = require.resolve('jest/bin/jest', { paths: [ROOT] });
  const env = { ...process.env, PATH: `${path.dirname(node.path)}${path.delimiter}${process.env.PATH ?? ''}` };
  const child = spawn(node.path, [jest, ...runtimeJestArgs(e2e, rest)], { cwd: ROOT, env, stdio: 'inherit' });
  // A Ctrl-C reaches jest from the terminal itself: this process waits for it to finish. A SIGTERM is passed on.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

main().then(
  (code) => process.exit(code),
  (error) => {
    say(error.message);
    process.exit(2);
  },
);
