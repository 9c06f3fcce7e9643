'use strict';
// The runtime subset as jest's command line, read from its one list (test/runtime-subset.json), which
// `npm run test:runtime`, CI (.ci/run) and docs/runtimes.md all name.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const SUBSET_FILE = path.join(ROOT, 'test', 'runtime-subset.json');

/**
 * The e2e spec files of the subset, relative to the project root; a file that is not there is an error, not a smaller
 * run.
 */
function readRuntimeSubset(file = SUBSET_FILE, root = ROOT) {
  const { e2e } = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (
    !Array.isArray(e2e) ||
    e2e.length === 0 ||
    !e2e.every((f) => typeof f === 'string' && f.endsWith('.e2e-spec.ts'))
  ) {
    throw new Error(`${file}: "e2e" must be a non-empty list of test/*.e2e-spec.ts files`);
  }
  const missing = e2e.filter((f) => !fs.existsSync(path.join(root, f)));
  if (missing.length > 0) throw new Error(`${file} names ${missing.join(', ')}, which do not exist`);
  return e2e;
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Jest's arguments for the whole unit suite plus `e2eFiles`, in one run. Path patterns select files in every project
 * chosen: `\.spec\.ts$` is every unit spec and no e2e spec (those end in `-spec.ts`), each file's own pattern its e2e
 * spec. --selectProjects goes last, after `extra`: it takes every word after it as a project name.
 */
function runtimeJestArgs(e2eFiles, extra = []) {
  const patterns = ['\\.spec\\.ts$', ...e2eFiles.map((f) => `${escapeRegExp(f)}$`)];
  return [...patterns, ...extra, '--selectProjects', 'unit', 'e2e'];
}

module.exports = { SUBSET_FILE, readRuntimeSubset, runtimeJestArgs };
