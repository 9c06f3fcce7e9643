'use strict';
// How the soak probe names a failed call: which app it went to (by the port table it started the apps with), where,
// by which route and protocol, what was sent and what happened when. A run's failure list is read after the fact,
// with the apps gone: the line must say all of it.

// The app behind each port variable of the soak's table (the bare Connect server listens on two).
const APP_OF_PORT = {
  CLIENT_PORT: 'client',
  JSON_SERVER_PORT: 'json-server',
  GRPC_SERVER_PORT: 'grpc-server',
  BARE_JSON_SERVER_PORT: 'bare-json-server',
  BARE_GRPC_SERVER_PORT: 'bare-grpc-server',
  BARE_CONNECT_SERVER_PORT: 'bare-connect-server',
  BARE_CONNECT_H2_SERVER_PORT: 'bare-connect-server (h2c)',
  FASTIFY_JSON_SERVER_PORT: 'json-fastify-server',
  H2_JSON_SERVER_PORT: 'json-h2-server',
};

/**
 * The target of a call: `where` is a URL (http://127.0.0.1:4121/route?query) or a gRPC address (127.0.0.1:4102),
 * named by the app the soak started on that port; `route` is the method and path, or the gRPC method.
 */
function targetOf(ports, where, protocol, route) {
  const url = /^https?:/.test(where) ? new URL(where) : new URL(`http://${where}`);
  const variable = Object.keys(ports).find((name) => String(ports[name]) === url.port);
  const app = APP_OF_PORT[variable] ?? `unknown app on port ${url.port}`;
  return { app, address: url.host, route: route ?? `${url.pathname}${url.search}`, protocol };
}

const ms = (value) => `${Math.round(value).toLocaleString('en-US')} ms`;

/**
 * One line: `kind → app address route (protocol): outcome after N ms; sent: ...; then the timeline and detail`.
 * `timeline` is [what, ms since the call began] in order; `lateMs`, when given, is how late the probe's own timer ran
 * (its event loop held by another caller's work), which says whether "no answer within 5 s" was the server's doing.
 */
function failureLine({ kind, target, outcome, afterMs, sent, timeline = [], lateMs, detail = '' }) {
  const parts = [
    `${kind} → ${target.app} ${target.address} ${target.route} (${target.protocol}): ${outcome} after ${ms(afterMs)}`,
  ];
  if (sent) parts.push(`sent: ${sent}`);
  if (timeline.length > 0) parts.push(`timeline: ${timeline.map(([what, at]) => `${what} at ${ms(at)}`).join(', ')}`);
  if (lateMs !== undefined && lateMs >= 100)
    parts.push(`the probe's timer ran ${ms(lateMs)} late (its own event loop was busy)`);
  if (detail) parts.push(String(detail).slice(0, 600));
  return parts.join('; ');
}

module.exports = { targetOf, failureLine };
