'use strict';
// The apps the image starts by name (scripts/docker/entrypoint.js) and how each one's health is checked
// (scripts/docker/healthcheck.js): data, so a new app is one row. Entry points come from scripts/apps.js where it
// has them (start:all's registry), so the image and start:all cannot drift apart.
const path = require('node:path');
const { ROOT, entryOf } = require('../apps');

const benchCli = (file) => path.join(ROOT, 'dist', 'apps', 'bench-cli', 'apps', 'bench-cli', 'src', file);

/**
 * name -> { entry, registry (scripts/apps.js name, for envForApp), health }. health: how the running app is probed,
 * `listener` the config key (libs/config) holding its host and port; null for the commands that run and exit.
 *  - http: GET `path`, healthy on 2xx;
 *  - h2c: the same over HTTP/2 without TLS (the h2c JSON server speaks nothing else);
 *  - grpc: grpc.health.v1.Health/Check, healthy on SERVING;
 *  - connect: a Connect-protocol unary call (POST JSON), healthy on 2xx: the bare Connect server registers only the
 *    rows service (no grpc.health.v1), so the check is one real one-row call.
 */
const DOCKER_APPS = {
  'json-server': { registry: 'json-server', health: { kind: 'http', listener: 'jsonServer', path: '/samples/1' } },
  'json-fastify': {
    registry: 'json-fastify-server',
    health: { kind: 'http', listener: 'fastifyJsonServer', path: '/samples/1' },
  },
  'json-h2': { registry: 'json-h2-server', health: { kind: 'h2c', listener: 'h2JsonServer', path: '/samples/1' } },
  'grpc-server': { registry: 'grpc-server', health: { kind: 'grpc', listener: 'grpcServer' } },
  'bare-json-server': {
    registry: 'bare-json-server',
    health: { kind: 'http', listener: 'bareJsonServer', path: '/samples/1' },
  },
  'bare-grpc-server': { registry: 'bare-grpc-server', health: { kind: 'grpc', listener: 'bareGrpcServer' } },
  'bare-connect-server': {
    registry: 'bare-connect-server',
    health: {
      kind: 'connect',
      listener: 'bareConnectServer',
      path: '/sample.SampleService/GetSamples',
      body: '{"count":1}',
    },
  },
  client: { registry: 'client', health: { kind: 'http', listener: 'client', path: '/client' } },
  bench: { entry: benchCli('main.js'), health: null },
  load: { entry: benchCli('load-main.js'), health: null },
  generator: { entry: benchCli('swarm-generator-main.js'), health: null },
  healthcheck: { entry: path.join(__dirname, 'healthcheck.js'), health: null },
};

/**
 * The file a container's entry point writes its app's name to: the health check reads it (it runs beside the app, not
 * as its child).
 */
const CURRENT_APP_FILE = process.env.WIREBENCH_APP_FILE || '/tmp/wirebench-app';

function entryOfDockerApp(name) {
  const app = DOCKER_APPS[name];
  return app.entry ?? entryOf(app.registry);
}

module.exports = { DOCKER_APPS, CURRENT_APP_FILE, entryOfDockerApp };
