import type { ServingAppName } from '@app/bootstrap';

/** The settings that say where each app is (docs/configuration.md): its port, or its whole address. */
export const APP_VARIABLES = {
  client: { port: 'CLIENT_PORT', address: 'CLIENT_URL' },
  'json-server': { port: 'JSON_SERVER_PORT', address: 'JSON_SERVER_URL' },
  'grpc-server': { port: 'GRPC_SERVER_PORT', address: 'GRPC_SERVER_ADDRESS' },
  'json-fastify-server': { port: 'FASTIFY_JSON_SERVER_PORT', address: 'FASTIFY_JSON_SERVER_URL' },
  'json-h2-server': { port: 'H2_JSON_SERVER_PORT', address: 'H2_JSON_SERVER_URL' },
  'bare-connect-server': { port: 'BARE_CONNECT_SERVER_PORT', address: 'BARE_CONNECT_SERVER_URL' },
  'bare-json-server': { port: 'BARE_JSON_SERVER_PORT', address: 'BARE_JSON_SERVER_URL' },
  'bare-grpc-server': { port: 'BARE_GRPC_SERVER_PORT', address: 'BARE_GRPC_SERVER_ADDRESS' },
  'go-json-server': { port: 'GO_JSON_SERVER_PORT', address: 'GO_JSON_SERVER_URL' },
  'go-grpc-server': { port: 'GO_GRPC_SERVER_PORT', address: 'GO_GRPC_SERVER_ADDRESS' },
} as const satisfies Record<ServingAppName, { port: string; address: string }>;

/**
 * The one to change to send the run elsewhere: the address when one is set (a port then moves nothing), else the port.
 */
export function variableToMove(app: ServingAppName, env: NodeJS.ProcessEnv = process.env): string {
  const { port, address } = APP_VARIABLES[app];
  return (env[address] ?? '').trim() !== '' ? address : port;
}
