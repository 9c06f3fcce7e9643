#!/usr/bin/env node
'use strict';
// The image's HEALTHCHECK: probes the app this container's entry point started (it wrote the name to
// CURRENT_APP_FILE) at the address libs/config gives it from the container's environment, the same one the app
// read. Exit 0 healthy, 1 not (one line saying why): what Docker and Swarm read. The commands that run and exit
// (bench, load, generator) have nothing to probe and are reported healthy while they run.
const fs = require('node:fs');
const http = require('node:http');
const http2 = require('node:http2');
const path = require('node:path');
const { ROOT } = require('../apps');
const { DOCKER_APPS, CURRENT_APP_FILE } = require('./docker-apps');

const TIMEOUT_MS = Number(process.env.WIREBENCH_HEALTHCHECK_TIMEOUT_MS) || 4000;

/** Where to connect for a listener bound to `host`: a wildcard bind is reached on loopback. */
function reachableHost(host) {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '::1';
  return host.replace(/^\[(.*)\]$/, '$1');
}

function authority({ host, port }) {
  const h = reachableHost(host);
  return `${h.includes(':') ? `[${h}]` : h}:${port}`;
}

function httpProbe(address, { path: urlPath, body }) {
  return new Promise((resolve, reject) => {
    const req = http.request(`http://${authority(address)}${urlPath}`, {
      method: body ? 'POST' : 'GET',
      headers: body ? { 'content-type': 'application/json' } : {},
      timeout: TIMEOUT_MS,
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode >= 200 && res.statusCode < 300
          ? resolve(`HTTP ${res.statusCode}`)
          : reject(new Error(`HTTP ${res.statusCode} from ${urlPath}`)),
      );
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

function h2cProbe(address, { path: urlPath }) {
  return new Promise((resolve, reject) => {
    const session = http2.connect(`http://${authority(address)}`);
    const timer = setTimeout(() => session.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    session.on('error', (error) => (clearTimeout(timer), reject(error)));
    const stream = session.request({ ':path': urlPath });
    stream.on('response', (headers) => {
      const status = headers[':status'];
      stream.resume();
      stream.on('end', () => {
        clearTimeout(timer);
        session.close();
        status >= 200 && status < 300
          ? resolve(`HTTP/2 ${status}`)
          : reject(new Error(`HTTP/2 ${status} from ${urlPath}`));
      });
    });
    stream.on('error', (error) => (clearTimeout(timer), session.destroy(), reject(error)));
  });
}

function grpcProbe(address) {
  const grpc = require('@grpc/grpc-js');
  const protoLoader = require('@grpc/proto-loader');
  const { protoPath } = require('grpc-health-check');
  const {
    grpc: {
      health: { v1 },
    },
  } = grpc.loadPackageDefinition(protoLoader.loadSync(protoPath, { enums: String }));
  const client = new v1.Health(authority(address), grpc.credentials.createInsecure());
  return new Promise((resolve, reject) => {
    client.Check({ service: '' }, { deadline: Date.now() + TIMEOUT_MS }, (error, reply) => {
      client.close();
      if (error) reject(new Error(`grpc.health.v1.Health/Check: ${error.message}`));
      else if (reply.status !== 'SERVING') reject(new Error(`grpc.health.v1.Health/Check: ${reply.status}`));
      else resolve('SERVING');
    });
  });
}

const PROBES = { http: httpProbe, connect: httpProbe, h2c: h2cProbe, grpc: grpcProbe };

async function main() {
  let name;
  try {
    name = fs.readFileSync(CURRENT_APP_FILE, 'utf8').trim();
  } catch {
    throw new Error(`no ${CURRENT_APP_FILE}: this container was not started by scripts/docker/entrypoint.js`);
  }
  const app = DOCKER_APPS[name];
  if (!app) throw new Error(`${CURRENT_APP_FILE} names ${JSON.stringify(name)}, not an app of this image`);
  if (!app.health) return `${name}: runs and exits, nothing to probe`;
  const { loadConfig } = require(path.join(ROOT, 'dist', 'apps', 'client', 'libs', 'config', 'src', 'load-config'));
  const address = loadConfig(process.env)[app.health.listener];
  const where = `${name} on ${authority(address)}`;
  try {
    return `${where}: ${await PROBES[app.health.kind](address, app.health)}`;
  } catch (error) {
    throw new Error(`${where}: ${error.message}`, { cause: error });
  }
}

main().then(
  (line) => {
    console.log(`healthy: ${line}`);
    process.exit(0);
  },
  (error) => {
    console.log(`unhealthy: ${error.message}`);
    process.exit(1);
  },
);
