#!/usr/bin/env node
'use strict';
// The image's one entry point: `docker run <image> <app> [args...]` starts that app (scripts/docker/docker-apps.js
// lists them) with the container's environment, the same variables as outside (libs/config). The app replaces this
// process (process.execve), so it is PID 1 and receives docker stop's SIGTERM itself; where the Node has no execve
// (before 22.15) it runs as a child and signals are passed on.
const fs = require('node:fs');
const { spawn } = require('node:child_process');
const { envForApp } = require('../apps');
const { DOCKER_APPS, CURRENT_APP_FILE, entryOfDockerApp } = require('./docker-apps');

const [name, ...args] = process.argv.slice(2);
const names = Object.keys(DOCKER_APPS).join(', ');

if (name === undefined || name === 'help' || name === '--help') {
  console.log(
    `usage: docker run <image> <app> ` +
      `[args...]\napps: ${names}\nconfiguration: the environment variables of docs/configuration.md ` +
      `(docs/containers.md)`,
  );
  process.exit(name === undefined ? 2 : 0);
}
if (!Object.hasOwn(DOCKER_APPS, name)) {
  console.error(`wirebench: no app named ${JSON.stringify(name)}; the apps are ${names}`);
  process.exit(2);
}

// What the health check probes; best effort: a read-only /tmp only costs the check, not the app.
if (name !== 'healthcheck') {
  try {
    fs.writeFileSync(CURRENT_APP_FILE, `${name}\n`);
  } catch (error) {
    console.error(
      `wirebench: cannot write ${CURRENT_APP_FILE} (${error.message}): the health check will not know the app`,
    );
  }
}

const entry = entryOfDockerApp(name);
const registry = DOCKER_APPS[name].registry;
const env = registry ? envForApp(registry, process.env) : process.env;

if (typeof process.execve === 'function') {
  process.execve(process.execPath, [process.execPath, entry, ...args], env);
} else {
  const child = spawn(process.execPath, [entry, ...args], { env, stdio: 'inherit' });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (require('node:os').constants.signals[signal] ?? 1)));
}
