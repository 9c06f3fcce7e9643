'use strict';
// Where `nest build --all` puts each app's entry point (tsc builder, monorepo: dist/apps/<app>/<its source path>).
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

// What `npm run start:all` starts.
const APPS = {
  'json-server': { name: 'json', color: 'blue' },
  'grpc-server': { name: 'grpc', color: 'magenta' },
  client: { name: 'client', color: 'green' },
};

// The reference servers without Nest; opt-in (`npm run start:bare`) so start:all stays the article's client and two servers.
const BARE_APPS = {
  'bare-json-server': { name: 'bare-json', color: 'cyan' },
  'bare-grpc-server': { name: 'bare-grpc', color: 'yellow' },
};

// The groups `scripts/start-all.js [group]` can start.
const GROUPS = { all: APPS, bare: BARE_APPS };

function entryOf(app) {
  return path.join(ROOT, 'dist', 'apps', app, 'apps', app, 'src', 'main.js');
}

module.exports = { ROOT, APPS, BARE_APPS, GROUPS, entryOf };
