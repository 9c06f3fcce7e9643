#!/usr/bin/env node
'use strict';
// `npm run start:all`: the JSON server (on Express, and on Fastify over HTTP/1.1 and h2c), the gRPC server and the
// client in one terminal, with prefixed logs.
// `node scripts/start-all.js bare` (`npm run start:bare`) does the same for the two servers without Nest.
// - An app that fails to start (bad setting, port in use) stops the others: one line, its exit code.
// - An app that exits after it was up (killed, out of memory, a crash) is restarted after RESTART_DELAY_MS, at most
//   MAX_RESTARTS times per app within RESTART_WINDOW_MS, each restart logged with the exit reason; past that bound
//   everything stops with exit 1. Meanwhile the others keep serving (the client answers 503 naming the missing server).
// - Ctrl-C or SIGTERM stops them all and nothing restarts; concurrently forwards the signal and waits for the children.
// - What it says: each app's own lines (where it listens; Nest's wiring only with LOG_LEVEL=debug), then one line once
//   all are up and how to stop them, and one line when they have stopped. Colour only as colourWanted allows.
const path = require('node:path');
const { concurrently, Logger } = require('concurrently');
const { GROUPS, ROOT, entryOf, envForApp } = require('./apps');
const { readCommandLine } = require('./command-line');

const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;
const RESTART_DELAY_MS = 1_000;
// What each app prints once it serves: its own "listening on" line, or a cluster primary's "N workers on".
const UP = /listening on|workers on/;

const USAGE = `Usage: npm run start:all | start:bare | start:client   (node scripts/start-all.js [GROUP])
  GROUP: ${Object.keys(GROUPS).join(', ')}   (default: all). Starts the group's apps in one terminal with prefixed logs;
  Ctrl-C stops them all. Settings come from the environment (docs/configuration.md).`;
const { positionals } = readCommandLine({ prefix: 'wirebench', usage: USAGE, maxPositionals: 1 });
const group = positionals[0] ?? 'all';
if (!GROUPS[group]) {
  process.stderr.write(
    `wirebench: unknown app group ${JSON.stringify(group)}; one of ${Object.keys(GROUPS).join(', ')}\n`,
  );
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

// Every address the group listens on, checked before anything starts: a port another process holds (a second
// start:all, start:bare beside it with a shared app) is one line naming it and its holder, exit 1.
const { appAddresses } = require(
  path.join(ROOT, 'dist', 'apps', 'client', 'libs', 'bootstrap', 'src', 'launch', 'app-launcher'),
);
const { firstTaken } = require('./port-holder');
const addresses = appAddresses(loadConfig(process.env));

// The apps write to concurrently's pipes, never a terminal: they colour only when told to, which they are exactly
// when this script's own output is a terminal (or FORCE_COLOR says so, and NO_COLOR does not), as its prefixes are.
const { colourWanted } = require(
  path.join(ROOT, 'dist', 'apps', 'client', 'libs', 'bootstrap', 'src', 'colour-wanted'),
);
const colour = colourWanted(process.stdout, process.env);

// concurrently says '<command line> exited with code SIGTERM' for each app at every stop; this script says once,
// in words, why apps stopped or restarted (below), so those lines are left out.
class AppLogger extends Logger {
  logCommandEvent(text, command) {
    if (text.startsWith(`${command.command} exited with code `)) return;
    super.logCommandEvent(text, command);
  }
}

async function main() {
  const taken = await firstTaken(Object.keys(GROUPS[group]).map((app) => ({ app, ...addresses[app] })));
  if (taken) {
    process.stderr.write(
      `wirebench: ${GROUPS[group][taken.app].name} cannot start: ` +
        `${taken.host}:${taken.port} is taken${taken.holder ? ` by ${taken.holder}` : ''}; stop it, or set ` +
        `another port (docs/configuration.md)\n`,
    );
    process.exit(1);
  }
  startApps();
}

function startApps() {
  const { result, commands } = concurrently(
    Object.entries(GROUPS[group]).map(([app, { name, color }]) => ({
      command: `exec "${process.execPath}" "${entryOf(app)}"`,
      env: {
        ...envForApp(app, process.env),
        ...(colour ? { FORCE_COLOR: process.env.FORCE_COLOR || '1' } : { NO_COLOR: '1' }),
      },
      name,
      prefixColor: color,
    })),
    // No killOthersOn: this script decides, per exit, between restarting one app and stopping them all.
    {
      killSignal: 'SIGTERM',
      logger: new AppLogger({ prefixFormat: 'name' }),
      handleInput: false,
      ...(colour ? {} : { prefixColors: false }),
    },
  );

  let stopping = false;
  let exitCode = 0;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => (stopping = true));

  function stopAll(code, message) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    process.stderr.write(`wirebench: ${message}\n`);
    for (const command of commands) if (command.state === 'started') command.kill('SIGTERM');
  }

  function reason(code) {
    if (typeof code === 'number') return `code ${code}` + (code === 134 ? ' (aborted: V8 out of memory?)' : '');
    return (
      `signal ${code}` +
      (code === 'SIGKILL'
        ? ' (killed: by hand, or the kernel out of memory?)'
        : code === 'SIGABRT'
          ? ' (aborted: V8 out of memory?)'
          : '')
    );
  }

  // Said once, when every app has said where it listens: the last line of a settled start. A server's line about its
  // resources report follows its listening line in a write of its own, hence the short wait.
  const SETTLE_MS = 250;
  const everUp = new Set();
  function markUp(command) {
    if (everUp.has(command.name)) return;
    everUp.add(command.name);
    if (everUp.size < commands.length) return;
    setTimeout(() => {
      if (!stopping)
        process.stdout.write(
          `wirebench: ${commands.map((c) => c.name).join(', ')} up; Ctrl-C stops ` +
            `${commands.length === 1 ? 'it' : 'them all'}\n`,
        );
    }, SETTLE_MS);
  }

  for (const command of commands) {
    let up = false;
    const restarts = [];
    command.stdout.subscribe((chunk) => {
      if (!up && UP.test(chunk.toString())) {
        up = true;
        markUp(command);
      }
    });
    command.close.subscribe(({ exitCode: code, killed }) => {
      if (stopping || killed) return;
      if (!up) {
        // It never served: a bad setting or a busy port, which a restart would only repeat.
        return stopAll(
          typeof code === 'number' && code !== 0 ? code : 1,
          `${command.name} exited with ${reason(code)} while starting; stopped the others`,
        );
      }
      const now = Date.now();
      while (restarts.length > 0 && now - restarts[0] > RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length >= MAX_RESTARTS) {
        return stopAll(
          1,
          `${command.name} exited with ` +
            `${reason(code)}, its ${MAX_RESTARTS + 1}th exit within ${RESTART_WINDOW_MS / 1000} s; stopped the others`,
        );
      }
      restarts.push(now);
      up = false;
      process.stderr.write(
        `wirebench: ${command.name} exited with ` +
          `${reason(code)}; restarting it in ` +
          `${RESTART_DELAY_MS / 1000} s (${restarts.length} of ${MAX_RESTARTS} within ${RESTART_WINDOW_MS / 1000} s)\n`,
      );
      setTimeout(() => {
        if (!stopping) command.start();
      }, RESTART_DELAY_MS);
    });
  }

  // Settles once every app has exited: after a signal (exit 0), a start-up failure (its code) or too many restarts (1).
  function exit() {
    if (exitCode === 0) process.stdout.write(`wirebench: stopped ${commands.map((c) => c.name).join(', ')}\n`);
    process.exit(exitCode);
  }
  result.then(exit, exit);
}

main();
