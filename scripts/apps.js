'use strict';
// Where `nest build --all` puts each app's entry point (tsc builder, monorepo: dist/apps/<app>/<its source path>).
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

// What `npm run start:all` starts. The Fastify and h2c JSON servers are other entry points of the json-server app
// (libs/bootstrap app-entry.ts says which); they serve the json-fastify and json-h2 variants.
const APPS = {
  'json-server': { name: 'json', color: 'blue' },
  'grpc-server': { name: 'grpc', color: 'magenta' },
  client: { name: 'client', color: 'green' },
  'json-fastify-server': { name: 'json-fastify', color: 'blueBright', project: 'json-server', file: 'main-fastify.js' },
  'json-h2-server': { name: 'json-h2', color: 'cyanBright', project: 'json-server', file: 'main-h2.js' },
  // The bare Connect server (no Nest), beside the Nest apps' own Connect routes: what the connect-bare variant calls.
  'bare-connect-server': { name: 'bare-connect', color: 'yellowBright' },
};

// The reference servers without Nest; opt-in (`npm run start:bare`) so start:all stays the article's client and two
// servers. The bare Connect server is start:all's already: the two groups share no app, so both run side by side.
const BARE_APPS = {
  'bare-json-server': { name: 'bare-json', color: 'cyan' },
  'bare-grpc-server': { name: 'bare-grpc', color: 'yellow' },
};

// The groups `scripts/start-all.js [group]` can start (`client`: `npm run start:client`, with its launch environment).
const GROUPS = { all: APPS, bare: BARE_APPS, client: { client: APPS.client } };

function entryOf(app) {
  const { project = app, file = 'main.js' } = APPS[app] ?? {};
  return path.join(ROOT, 'dist', 'apps', project, 'apps', project, 'src', file);
}

// The environment an app is started with: the client's allocator settings (libs/bootstrap allocator-env.ts says
// why), from the build, so these scripts and the bench's launcher cannot drift apart.
function envForApp(app, env) {
  return require(
    path.join(ROOT, 'dist', 'apps', 'client', 'libs', 'bootstrap', 'src', 'launch', 'allocator-env'),
  ).envForApp(app, env);
}

module.exports = { ROOT, APPS, BARE_APPS, GROUPS, entryOf, envForApp };
