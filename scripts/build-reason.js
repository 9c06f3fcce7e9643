'use strict';
// Whether the apps must be built before an npm script runs them, and why, in words a user can act on: the first
// build, a build that never finished, or which source changed since the last one.
const fs = require('node:fs');
const path = require('node:path');

// What a build is made from: a change to any of these (or a file added to or removed from them) means rebuild.
const INPUTS = ['apps', 'libs', 'proto', 'tsconfig.json', 'nest-cli.json', 'package-lock.json'];

/**
 * Every file and folder under `p` modified after `since`: how many, and the newest (the one most likely just edited).
 */
function changedSince(p, since, found = { count: 0, newest: null, newestMs: 0 }) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return found;
  }
  if (stat.mtimeMs > since) {
    found.count += 1;
    if (stat.mtimeMs > found.newestMs)
      Object.assign(found, { newest: { path: p, folder: stat.isDirectory() }, newestMs: stat.mtimeMs });
  }
  if (stat.isDirectory()) for (const entry of fs.readdirSync(p)) changedSince(path.join(p, entry), since, found);
  return found;
}

/**
 * Why `root` needs a build, or null when its dist/ is newer than every input. `stamp` is written after a build that
 * succeeded; `entries` are the built files the scripts start.
 */
function buildReason({ root, stamp, entries, inputs = INPUTS }) {
  const rel = (p) => path.relative(root, p);
  if (!fs.existsSync(path.dirname(stamp)))
    return (
      `no build yet (${rel(path.dirname(stamp))}/ does not exist); later starts rebuild only after a ` +
      `source changes`
    );
  if (!fs.existsSync(stamp)) return `no ${rel(stamp)}: the last build did not finish, or was not run through npm`;
  const missing = entries.find((entry) => !fs.existsSync(entry));
  if (missing) return `${rel(missing)} is missing`;
  const built = fs.statSync(stamp).mtimeMs;
  const changed = { count: 0, newest: null, newestMs: 0 };
  for (const input of inputs) changedSince(path.join(root, input), built, changed);
  if (changed.count === 0) return null;
  const { path: newest, folder } = changed.newest;
  const what = folder ? `a file was added to or removed from ${rel(newest)}/` : `${rel(newest)} changed`;
  const more = changed.count > 1 ? ` (and ${changed.count - 1} more)` : '';
  return `${what} since the last build${more}`;
}

module.exports = { buildReason, INPUTS };
