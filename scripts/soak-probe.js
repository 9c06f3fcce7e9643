#!/usr/bin/env node
'use strict';
// `npm run soak -- [--minutes 10] [--out FILE]`: the "hold under abuse" soak. Starts every server and the client (built
// apps, free ports from 4100 up, loopback only), then for the given time keeps a bounded number of callers busy with
// valid calls at and near every documented cap, abandons streams of every chunk size, opens bursts of silent
// connections, and sends what must be refused without harm: malformed percent-escapes on every route, 200 MiB request
// bodies, bursts of 1,000,000-row Connect calls, and at-cap unary calls cancelled while they are built. Afterwards it
// checks what the issue asks: no process crashed or was restarted (same pids, all alive), every caller got an answer it
// may get (200, 400 or 503), and every process is back under 300 MiB RSS within 30 s of the load stopping. Prints one
// summary and exits 1 when any of these fails; each failed call is one line naming its target (the app, its address,
// the route, the protocol), what it sent, and when what happened.
const { spawn } = require('node:child_process');
const { createWriteStream, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const grpc = require('@grpc/grpc-js');
const http = require('node:http');
const protoLoader = require('@grpc/proto-loader');
const { ROOT, entryOf, envForApp } = require('./apps');
const { readCommandLine } = require('./command-line');
const { targetOf, failureLine } = require('./soak-failure');

const { values: args } = readCommandLine({
  prefix: 'soak',
  usage:
    'usage: npm run soak -- [--minutes N (default 10, 0.5 .. 120)] [--out result.json] [--logs DIR (the ' +
    'output of every app as DIR/<app>.log)]',
  options: { minutes: { type: 'string', default: '10' }, out: { type: 'string' }, logs: { type: 'string' } },
});
const MINUTES = Number(args.minutes);
if (args.logs) mkdirSync(args.logs, { recursive: true });
if (!(MINUTES >= 0.5 && MINUTES <= 120)) {
  process.stderr.write(`soak: --minutes must be a number from 0.5 to 120, got ${JSON.stringify(args.minutes)}\n`);
  process.exit(2);
}

const MIB = 1024 * 1024;
const RSS_LIMIT = 300 * MIB;
const SETTLE_MS = 30_000;
// Callers at once: the machine has 2 cores, and every caller here asks for seconds of work.
const CALLERS = 6;
const PORTS = {
  CLIENT_PORT: 4100,
  JSON_SERVER_PORT: 4101,
  GRPC_SERVER_PORT: 4102,
  BARE_JSON_SERVER_PORT: 4111,
  BARE_GRPC_SERVER_PORT: 4112,
  BARE_CONNECT_SERVER_PORT: 4113,
  BARE_CONNECT_H2_SERVER_PORT: 4114,
  FASTIFY_JSON_SERVER_PORT: 4121,
  H2_JSON_SERVER_PORT: 4122,
};
const env = {
  ...process.env,
  ...Object.fromEntries(Object.entries(PORTS).map(([k, v]) => [k, String(v)])),
  NO_COLOR: '1',
};
const APPS = [
  'json-server',
  'grpc-server',
  'bare-json-server',
  'bare-grpc-server',
  'bare-connect-server',
  'json-fastify-server',
  'client',
];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const rssOf = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
const alive = (pid) => {
  try {
    readFileSync(`/proc/${pid}/status`);
    return true;
  } catch {
    return false;
  }
};

function startApp(app) {
  const child = spawn(process.execPath, [entryOf(app)], {
    cwd: ROOT,
    env: envForApp(app, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const record = { app, child, pid: child.pid, exited: null, up: false, log: [] };
  // Everything an app prints, kept whole when asked (e.g. with GRPC_TRACE set, to see why a connection closed).
  const file = args.logs ? createWriteStream(path.join(args.logs, `${app}.log`)) : null;
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (text) => {
      if (/listening on/.test(text)) record.up = true;
      record.log.push(text);
      file?.write(text);
      if (record.log.length > 200) record.log.shift();
    });
  }
  child.on('exit', (code, signal) => (record.exited = { code, signal }));
  child.on('error', (error) => (record.exited = { error: error.message }));
  return record;
}

// --- the callers --------------------------------------------------------------------------------------------------
const base = {
  client: `http://127.0.0.1:${PORTS.CLIENT_PORT}`,
  json: `http://127.0.0.1:${PORTS.JSON_SERVER_PORT}`,
  bareJson: `http://127.0.0.1:${PORTS.BARE_JSON_SERVER_PORT}`,
  fastify: `http://127.0.0.1:${PORTS.FASTIFY_JSON_SERVER_PORT}`,
  bareConnect: `http://127.0.0.1:${PORTS.BARE_CONNECT_SERVER_PORT}`,
};
const CONNECT_PROCEDURE = '/sample.SampleService/GetSamples';
const grpcAddresses = [`127.0.0.1:${PORTS.GRPC_SERVER_PORT}`, `127.0.0.1:${PORTS.BARE_GRPC_SERVER_PORT}`];
const pkg = grpc.loadPackageDefinition(
  protoLoader.loadSync(path.join(ROOT, 'proto', 'sample.proto'), {
    keepCase: true,
    longs: String,
    enums: String,
    defaults: true,
    oneofs: true,
  }),
);
const OK = new Set([200, 400, 503]);
/**
 * GET as curl does it: a connection of its own (a kept-alive socket that a server closes just as the next request goes
 * out, its keep-alive timer late behind a busy event loop, is a client library's race, not the server's answer), and
 * patient (a process busy decoding 1,000,000 rows accepts late, not never). Resolves with the status and the body's
 * first bytes; `leaveAfterMs` hangs up that long after the response began (an abandoned stream).
 */
function get(url, { timeoutMs = 300_000, leaveAfterMs } = {}) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      let head = '';
      res.on('data', (chunk) => head.length < 300 && (head += chunk.toString('utf8', 0, 300)));
      res.on('end', () => resolve({ status: res.statusCode, head }));
      res.on('error', () => resolve({ status: res.statusCode, head, left: true }));
      if (leaveAfterMs !== undefined)
        setTimeout(() => (req.destroy(), resolve({ status: res.statusCode, head, left: true })), leaveAfterMs);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error('no answer in 300 s')));
    req.on('error', (error) => resolve({ error: error.code ?? error.message }));
  });
}
const tally = { calls: 0, answered: {}, unanswered: [], abandoned: 0, silentSockets: 0 };

// How each kind of call travels (every HTTP call here has a connection of its own: no agent, `Connection: close`).
const HTTP1 = 'HTTP/1.1';
const CONNECT_JSON = 'Connect JSON over HTTP/1.1';
const GRPC = 'gRPC over h2c';
const GET_SAMPLES = 'sample.SampleService/GetSamples';
const STREAM_SAMPLES = 'sample.SampleService/StreamSamples';

/**
 * A call as it starts: its kind, its target (the app on that port, the address, `method path` or the gRPC method, the
 * protocol) and what it sends; its timeline collects [event, ms since it began] for the failure line.
 */
function begin(kind, method, where, protocol, sent) {
  const route = /^https?:/.test(where) ? undefined : method;
  const target = targetOf(PORTS, where, protocol, route);
  if (route === undefined) target.route = `${method} ${target.route}`;
  const call = { kind, target, sent, startedAt: performance.now(), timeline: [] };
  call.at = (event) => call.timeline.push([event, performance.now() - call.startedAt]);
  return call;
}

// A failed call's line names its target, what it sent and when what happened (scripts/soak-failure.js).
function failed(call, outcome, detail = '', extra = {}) {
  tally.unanswered.push(
    failureLine({ ...call, outcome, afterMs: performance.now() - call.startedAt, detail, ...extra }),
  );
}

function answered(call, status, detail = '', extra = {}) {
  tally.calls++;
  tally.answered[status] = (tally.answered[status] ?? 0) + 1;
  if (!OK.has(status)) failed(call, status, detail, extra);
}

// Valid HTTP calls at and near the caps; each must be answered 200, 400 or 503 within the client's own timeouts.
const HTTP_CALLS = [
  ['client json single at MAX_ROWS', `${base.client}/client/json/single/1000000`],
  ['client grpc single at MAX_ROWS', `${base.client}/client/grpc/single/1000000`],
  ['client compare at MAX_CALL_ROWS', `${base.client}/client/compare?rows=1000000&requests=100&runs=1`],
  ['client compare near the cap', `${base.client}/client/compare?rows=999999&requests=3&runs=2`],
  ['client json parallel at MAX_ROWS requests', `${base.client}/client/json/parallel/100000?concurrency=100000`],
  ['client grpc parallel 20,000', `${base.client}/client/grpc/parallel/20000`],
  // A stream of MAX_STREAM_ROWS takes minutes here, past REQUEST_TIMEOUT_MS: the cap itself is probed by the abandoned
  // streams below; through the client, a stream that can finish in time.
  [
    'client streams 3,000,000 rows',
    `${base.client}/client/compare?variants=json-stream,grpc-stream&rows=3000000&chunk=200000`,
  ],
  [
    'client load at the endpoint caps',
    `${base.client}/client/load?transport=json&rows=1000000&concurrency=1000&duration=10`,
  ],
  ['client load grpc', `${base.client}/client/load?transport=grpc&rows=100000&concurrency=1000&duration=10`],
  ['json server at MAX_ROWS', `${base.json}/samples/1000000`],
  ['bare json server at MAX_ROWS', `${base.bareJson}/samples/1000000`],
  ['fastify json server at MAX_ROWS', `${base.fastify}/samples/1000000`],
  ['json stream near the chunk cap', `${base.json}/samples/2000000/stream?chunk=240000`],
];

async function httpCall() {
  const [kind, url] = pick(HTTP_CALLS);
  const call = begin(kind, 'GET', url, HTTP1);
  const { status, head, error } = await get(url);
  answered(call, status ?? `error ${error}`, status === 200 ? '' : head);
}

// A stream of every chunk size, abandoned after a while: the caller leaves, nothing is owed to it.
const CHUNKS = [1, 10, 1000, 10_000, 100_000, 200_000];
async function abandonedHttpStream() {
  const server = pick([base.json, base.bareJson, base.fastify]);
  const leaveAfterMs = Math.round(200 + Math.random() * 4000);
  const url = `${server}/samples/100000000/stream?chunk=${pick(CHUNKS)}`;
  const call = begin(
    'abandoned NDJSON stream',
    'GET',
    url,
    HTTP1,
    `to be left ${leaveAfterMs} ms after the response began`,
  );
  const { status, head, error, left } = await get(url, { leaveAfterMs });
  if (!left) return answered(call, status ?? `error ${error}`, head);
  tally.abandoned++;
}

function abandonedGrpcStream() {
  return new Promise((resolve) => {
    const address = pick(grpcAddresses);
    const client = new pkg.sample.SampleService(address, grpc.credentials.createInsecure());
    const deadlineMs = Math.round(500 + Math.random() * 5000);
    const chunkRows = pick(CHUNKS);
    const paused = Math.random() < 0.5;
    const sent = `count 100,000,000, chunk_rows ${chunkRows}, deadline ${deadlineMs} ms${paused ? ', never read' : ''}`;
    const probe = begin('abandoned gRPC stream', STREAM_SAMPLES, address, GRPC, sent);
    const call = client.StreamSamples(
      { count: 100_000_000, offset: 0, chunk_rows: chunkRows },
      { deadline: new Date(Date.now() + deadlineMs) },
    );
    if (paused) call.pause();
    call.on('data', () => undefined);
    call.on('error', (error) => {
      if (
        ![
          grpc.status.DEADLINE_EXCEEDED,
          grpc.status.CANCELLED,
          grpc.status.RESOURCE_EXHAUSTED,
          grpc.status.INVALID_ARGUMENT,
        ].includes(error.code)
      ) {
        failed(probe, `gRPC ${grpc.status[error.code]}`, error.details);
      }
      tally.abandoned++;
      client.close();
      resolve();
    });
    call.on('end', () => {
      client.close();
      resolve();
    });
  });
}

function grpcUnaryAtCap() {
  return new Promise((resolve) => {
    const address = pick(grpcAddresses);
    const client = new pkg.sample.SampleService(address, grpc.credentials.createInsecure(), {
      'grpc.max_receive_message_length': 1024 ** 3,
    });
    const call = begin('gRPC GetSamples at MAX_ROWS', GET_SAMPLES, address, GRPC, 'count 1,000,000, deadline 300 s');
    client.GetSamples({ count: 1_000_000 }, { deadline: new Date(Date.now() + 300_000) }, (error) => {
      const code = error ? error.code : grpc.status.OK;
      const status =
        { [grpc.status.OK]: 200, [grpc.status.INVALID_ARGUMENT]: 400, [grpc.status.RESOURCE_EXHAUSTED]: 503 }[code] ??
        `gRPC ${grpc.status[code]}`;
      answered(call, status, error?.details ?? '');
      client.close();
      resolve();
    });
  });
}

// Silent connections: sockets that send nothing, or only the HTTP/2 preface, held until the server cuts them.
async function silentBurst() {
  const ports = [
    PORTS.GRPC_SERVER_PORT,
    PORTS.BARE_GRPC_SERVER_PORT,
    PORTS.JSON_SERVER_PORT,
    PORTS.BARE_JSON_SERVER_PORT,
    PORTS.CLIENT_PORT,
  ];
  const sockets = [];
  for (let i = 0; i < 300; i++) {
    const socket = net.connect(pick(ports), '127.0.0.1');
    socket.on('error', () => undefined);
    if (i % 2 === 0) socket.once('connect', () => socket.write('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'));
    sockets.push(socket);
  }
  tally.silentSockets += sockets.length;
  // Held past the gRPC handshake timeout and the HTTP headers timeout (10 s each by default), then let go.
  await sleep(15_000);
  for (const socket of sockets) socket.destroy();
}

// --- what must be refused without harm -------------------------------------------------------------------------------
const BAD = '%E0%A4%A';
const ESCAPED_ROUTES = [
  ['GET', `/samples/${BAD}`],
  ['GET', `/samples/${BAD}/stream`],
  ['GET', `/samples/1?shape=${BAD}`],
  ['DELETE', `/admin/resources/windows/${BAD}`],
  ['POST', `${CONNECT_PROCEDURE}${BAD}`],
];
const CLIENT_ESCAPED = [
  `/client/json/single/${BAD}`,
  `/client/grpc/parallel/${BAD}`,
  `/client/compare?rows=${BAD}`,
  `/client/results/${BAD}/${BAD}`,
];

/**
 * One request on a connection of its own, as patient as get(); resolves with the status, or the error, never rejects.
 */
function send(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      res
        .resume()
        .on('end', () => resolve({ status: res.statusCode }))
        .on('error', () => resolve({ status: res.statusCode }));
    });
    req.setTimeout(300_000, () => req.destroy(new Error('no answer in 300 s')));
    req.on('error', (error) => resolve({ error: error.code ?? error.message }));
    req.end(body);
  });
}

// A malformed escape on every route of every HTTP server: a 4xx each, never a dead process (one used to end the bare
// ones).
async function malformedEscapes() {
  for (const server of [base.json, base.bareJson, base.fastify, base.bareConnect]) {
    for (const [method, route] of ESCAPED_ROUTES) {
      const call = begin('malformed escape', method, `${server}${route}`, HTTP1);
      const { status, error } = await send(`${server}${route}`, { method });
      answered(call, status >= 400 && status < 500 ? 400 : (status ?? `error ${error}`));
    }
  }
  for (const route of CLIENT_ESCAPED) {
    const call = begin('malformed escape', 'GET', `${base.client}${route}`, HTTP1);
    const { status, error } = await send(`${base.client}${route}`);
    answered(call, status >= 400 && status < 500 ? 400 : (status ?? `error ${error}`));
  }
}

// A 200 MiB Connect body declared up front: refused by its content-length (resource_exhausted, 429) before it is read.
// The first MiB goes out with the headers and the rest only if no answer came within 5 s: a server that refuses and
// closes while 200 MiB are still being written makes the writes fail before its answer is read (EPIPE, ECONNRESET).
// A failure names the server, and says when each step happened and how late the 5 s timer ran: this process's event
// loop, busy with another caller's work, can hold it for seconds.
const REST_AFTER_MS = 5_000;
function oversizedBody() {
  return new Promise((resolve) => {
    const server = pick([base.json, base.fastify, base.bareConnect]);
    const piece = Buffer.alloc(1024 * 1024, 0x20);
    const total = 200 * 1024 * 1024;
    const call = begin('200 MiB Connect body', 'POST', `${server}${CONNECT_PROCEDURE}`, CONNECT_JSON);
    let sent = 0;
    let lateMs;
    let done = false;
    const finish = (status) => {
      if (done) return;
      done = true;
      req.destroy();
      call.sent =
        `content-type application/json, ` +
        `content-length ${total.toLocaleString('en-US')} (spaces), Connection: ` +
        `close; ${sent / piece.length} MiB written`;
      answered(call, status === 429 ? 400 : status, '', { lateMs });
      resolve();
    };
    const req = http.request(
      `${server}${CONNECT_PROCEDURE}`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': total } },
      (res) => {
        call.at(`answer ${res.statusCode}`);
        res.resume();
        finish(res.statusCode);
      },
    );
    req.on('socket', (socket) => {
      socket.once('connect', () => call.at('connected'));
      socket.once('end', () => call.at('the server ended the connection'));
    });
    req.on('error', (error) => {
      call.at(`error ${error.code ?? error.message}`);
      finish(`error ${error.code ?? error.message}`);
    });
    const write = () => {
      while (!done && sent < total) {
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', write);
      }
    };
    req.write(piece);
    sent = piece.length;
    setTimeout(() => {
      lateMs = performance.now() - call.startedAt - REST_AFTER_MS;
      call.at('no answer read: the rest begins');
      write();
    }, REST_AFTER_MS).unref();
    setTimeout(() => finish('no answer in 300 s'), 300_000).unref();
  });
}

// Ten 1,000,000-row Connect JSON calls at once to the bare Connect server, one burst at a time: each 200, or refused
// (429 over the memory budget; 408 from node:http when a request waited past HTTP_REQUEST_TIMEOUT_MS to be read while
// the server built the admitted replies: both say try again).
let bursting = false;
async function connectBurst() {
  if (bursting) return httpCall();
  bursting = true;
  try {
    const body = JSON.stringify({ count: 1_000_000 });
    const url = `${base.bareConnect}${CONNECT_PROCEDURE}`;
    const burst = Array.from({ length: 10 }, (_, i) => {
      const call = begin(
        'Connect JSON burst of 1,000,000 rows',
        'POST',
        url,
        CONNECT_JSON,
        `${body}, call ${i + 1} of 10 at once`,
      );
      return send(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((answer) => ({
        call,
        ...answer,
      }));
    });
    for (const { call, status, error } of await Promise.all(burst))
      answered(call, status === 429 || status === 408 ? 503 : (status ?? `error ${error}`));
  } finally {
    bursting = false;
  }
}

// An at-cap unary call cancelled while the server builds it, directly and through the client.
async function cancelledUnaryAtCap() {
  if (Math.random() < 0.5) {
    const url = `${base.client}/client/${pick(['json', 'grpc'])}/single/1000000`;
    const timeoutMs = Math.round(1500 + Math.random() * 1500);
    const call = begin(
      'client single at MAX_ROWS, caller gone',
      'GET',
      url,
      HTTP1,
      `hung up ${timeoutMs} ms in, or as the response began`,
    );
    const { left, status, error } = await get(url, { leaveAfterMs: 0, timeoutMs });
    if (!left && status !== undefined) answered(call, status);
    else if (error && !/no answer|ECONNRESET|socket hang up/.test(error)) failed(call, `error ${error}`);
    tally.abandoned++;
    return;
  }
  await new Promise((resolve) => {
    const address = pick(grpcAddresses);
    const cancelAfterMs = Math.round(1500 + Math.random() * 1500);
    const probe = begin(
      'cancelled GetSamples',
      GET_SAMPLES,
      address,
      GRPC,
      `count 1,000,000, cancelled ${cancelAfterMs} ms in`,
    );
    const client = new pkg.sample.SampleService(address, grpc.credentials.createInsecure(), {
      'grpc.max_receive_message_length': 1024 ** 3,
    });
    const call = client.GetSamples({ count: 1_000_000 }, { deadline: new Date(Date.now() + 300_000) }, (error) => {
      if (error && ![grpc.status.CANCELLED, grpc.status.RESOURCE_EXHAUSTED].includes(error.code))
        failed(probe, `gRPC ${grpc.status[error.code]}`, error.details);
      tally.abandoned++;
      client.close();
      resolve();
    });
    setTimeout(() => call.cancel(), cancelAfterMs);
  });
}

const WORK = [
  httpCall,
  httpCall,
  httpCall,
  abandonedHttpStream,
  abandonedGrpcStream,
  grpcUnaryAtCap,
  silentBurst,
  malformedEscapes,
  oversizedBody,
  connectBurst,
  cancelledUnaryAtCap,
];

async function caller(until) {
  while (Date.now() < until) await pick(WORK)();
}

// --- the run --------------------------------------------------------------------------------------------------------
async function main() {
  const apps = APPS.map(startApp);
  const stopAll = () => apps.forEach((a) => a.exited === null && a.child.kill('SIGTERM'));
  process.on('SIGINT', () => (stopAll(), process.exit(130)));
  // Whatever ends this script (a failure of its own included) ends the apps it started.
  process.on('exit', stopAll);
  const startDeadline = Date.now() + 60_000;
  while (!apps.every((a) => a.up) && Date.now() < startDeadline && apps.every((a) => a.exited === null))
    await sleep(200);
  if (!apps.every((a) => a.up)) {
    stopAll();
    process.stderr.write(
      `soak: not every app started: ${apps
        .filter((a) => !a.up)
        .map((a) => `${a.app} ${a.log.join('').slice(-300)}`)
        .join('; ')}\n`,
    );
    process.exit(1);
  }
  const peaks = Object.fromEntries(apps.map((a) => [a.app, 0]));
  const sampler = setInterval(
    () => apps.forEach((a) => alive(a.pid) && (peaks[a.app] = Math.max(peaks[a.app], rssOf(a.pid)))),
    500,
  );
  const started = Date.now();
  const until = started + MINUTES * 60_000;
  process.stdout.write(
    `soak: ${MINUTES} min, ${CALLERS} callers, apps ${apps.map((a) => `${a.app} (pid ${a.pid})`).join(', ')}\n`,
  );
  const progress = setInterval(
    () =>
      process.stdout.write(
        `soak: ${Math.round((Date.now() - started) / 1000)} s, ` +
          `${tally.calls} calls answered ${JSON.stringify(tally.answered)}, ` +
          `${tally.abandoned} streams abandoned, ${tally.silentSockets} silent sockets\n`,
      ),
    30_000,
  );
  await Promise.all(Array.from({ length: CALLERS }, () => caller(until)));
  clearInterval(progress);
  const loadEnded = Date.now();
  // Back under the limit within 30 s of the load stopping.
  const settled = {};
  while (Date.now() - loadEnded < SETTLE_MS) {
    for (const a of apps)
      if (alive(a.pid) && settled[a.app] === undefined && rssOf(a.pid) < RSS_LIMIT)
        settled[a.app] = Date.now() - loadEnded;
    if (apps.every((a) => settled[a.app] !== undefined)) break;
    await sleep(500);
  }
  clearInterval(sampler);
  const finalRss = Object.fromEntries(apps.map((a) => [a.app, alive(a.pid) ? Math.round(rssOf(a.pid) / MIB) : null]));
  const crashed = apps
    .filter((a) => a.exited !== null || !alive(a.pid))
    .map((a) => `${a.app} ${JSON.stringify(a.exited)}`);
  const notSettled = apps.filter((a) => settled[a.app] === undefined).map((a) => a.app);
  stopAll();
  const result = {
    minutes: MINUTES,
    endedAt: new Date().toISOString(),
    calls: tally.calls,
    answered: tally.answered,
    unanswered: tally.unanswered,
    abandonedStreams: tally.abandoned,
    silentSockets: tally.silentSockets,
    crashedOrRestarted: crashed,
    peakRssMiB: Object.fromEntries(Object.entries(peaks).map(([k, v]) => [k, Math.round(v / MIB)])),
    rssMiBAfterLoad: finalRss,
    msToUnder300MiB: settled,
  };
  if (args.out) writeFileSync(args.out, JSON.stringify(result, null, 2) + '\n');
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  const ok = crashed.length === 0 && tally.unanswered.length === 0 && notSettled.length === 0;
  process.stdout.write(
    ok
      ? 'soak: passed\n'
      : `soak: FAILED ` +
          `(${crashed.length} crashed, ${tally.unanswered.length} unanswered, not under 300 MiB within 30 ` +
          `s: ${notSettled.join(', ') || 'none'})\n`,
  );
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  process.stderr.write(`soak: ${error.stack}\n`);
  process.exit(1);
});
