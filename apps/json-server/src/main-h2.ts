// The json-h2 variant's server: the same module and controller as main.ts, on Fastify over HTTP/2 without TLS (h2c).
import { runJsonServer } from './run-json-server';

runJsonServer('fastify-h2');
