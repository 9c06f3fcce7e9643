#!/usr/bin/env node
'use strict';
// Run after `npm install` changes package-lock.json.
// The package registry this project's machines reach does not carry every platform build of native optional
// dependencies (e.g. @unrs/resolver-binding-android-arm64 answers 404), so npm leaves them out of the lock file,
// and then `npm ci` refuses the lock as out of sync. Those builds are for other platforms and are never installed
// here; this adds their lock entries back with the os/cpu/libc that their names state, which is what `npm ci`
// checks to skip them. Entries that npm wrote itself are left untouched.
const fs = require('node:fs');
const path = require('node:path');

const LOCK = path.join(__dirname, '..', 'package-lock.json');
const OSES = ['android', 'darwin', 'freebsd', 'linux', 'openharmony', 'win32', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPUS = {
  arm: 'arm',
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
};

function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = tokens.find((t) => OSES.includes(t));
  const cpu = tokens.map((t) => CPUS[t]).find(Boolean);
  if (!os || !cpu) return null;
  const libc = tokens.some((t) => t.startsWith('musl'))
    ? ['musl']
    : tokens.some((t) => t.startsWith('gnu'))
      ? ['glibc']
      : undefined;
  return { os: [os], cpu: [cpu], ...(libc && os === 'linux' ? { libc } : {}) };
}

const lock = JSON.parse(fs.readFileSync(LOCK, 'utf8'));
const added = [];
for (const [where, pkg] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = where === '' ? 'node_modules' : `${where}/node_modules`;
    const candidates = [`${base}/${dep}`, `node_modules/${dep}`];
    if (candidates.some((c) => lock.packages[c])) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    lock.packages[`node_modules/${dep}`] = { version, ...platform, optional: true, license: pkg.license };
    added.push(`${dep}@${version}`);
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
fs.writeFileSync(LOCK, JSON.stringify(lock, null, 2) + '\n');
console.log(
  added.length
    ? `added lock entries for ${added.length} platform builds: ${added.join(', ')}`
    : 'lock file already complete',
);
