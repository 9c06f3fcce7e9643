// The json-fastify variant's server: the same module and controller as main.ts, on Fastify over HTTP/1.1.
import { runJsonServer } from './run-json-server';

runJsonServer('fastify');
