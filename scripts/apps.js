'use strict';
// Where `nest build --all` puts each app's entry point (tsc builder, monorepo: dist/apps/<app>/<its source path>).
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

const APPS = {
  'json-server': { name: 'json', color: 'blue' },
  'grpc-server': { name: 'grpc', color: 'magenta' },
  client: { name: 'client', color: 'green' },
};

function entryOf(app) {
  return path.join(ROOT, 'dist', 'apps', app, 'apps', app, 'src', 'main.js');
}

module.exports = { ROOT, APPS, entryOf };
