import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppProcess } from './app-process';
import { freePort } from './free-port';

export const LISTENING = /listening on/;

/** The client and both Nest servers on free ports, started as the built processes users run. */
export interface Stack {
  env: Record<string, string>;
  json: AppProcess;
  grpc: AppProcess;
  client: AppProcess;
  /** The JSON server's Fastify (HTTP/1.1) and h2c instances, when asked for with `{ jsonVariants: true }`. */
  jsonFastify?: AppProcess;
  jsonH2?: AppProcess;
  /** The bare Connect server, when asked for with `{ bareConnect: true }` (variant connect-bare). */
  bareConnect?: AppProcess;
  /** The Go reference servers, when asked for with `{ goServers: true }` (the go-* variants). */
  goJson?: AppProcess;
  goGrpc?: AppProcess;
  clientUrl: string;
  stop(): Promise<void>;
}

export async function portsEnv(extra: Record<string, string> = {}): Promise<Record<string, string>> {
  return {
    CLIENT_PORT: String(await freePort()),
    JSON_SERVER_PORT: String(await freePort()),
    GRPC_SERVER_PORT: String(await freePort()),
    // Always free ports, so nothing started by a test reaches for the defaults (3013/3014, 3021/3022), even when not
    // started.
    FASTIFY_JSON_SERVER_PORT: String(await freePort()),
    H2_JSON_SERVER_PORT: String(await freePort()),
    BARE_CONNECT_SERVER_PORT: String(await freePort()),
    BARE_CONNECT_H2_SERVER_PORT: String(await freePort()),
    GO_JSON_SERVER_PORT: String(await freePort()),
    GO_GRPC_SERVER_PORT: String(await freePort()),
    ...extra,
  };
}

export interface StackOptions {
  /**
   * Also start the JSON server on Fastify and on h2c (variants json-fastify, json-h2); off by default, as few suites
   * need them.
   */
  jsonVariants?: boolean;
  /** Also start the bare Connect server (variant connect-bare); off by default, as few suites need it. */
  bareConnect?: boolean;
  /** Also start the Go reference servers (npm run setup:go-servers builds them); off by default. */
  goServers?: boolean;
}

export async function startStack(extra: Record<string, string> = {}, options: StackOptions = {}): Promise<Stack> {
  const env = await portsEnv(extra);
  const json = AppProcess.start('json-server', env);
  const grpc = AppProcess.start('grpc-server', env);
  const client = AppProcess.start('client', env);
  const jsonFastify = options.jsonVariants ? AppProcess.start('json-fastify-server', env) : undefined;
  const jsonH2 = options.jsonVariants ? AppProcess.start('json-h2-server', env) : undefined;
  const bareConnect = options.bareConnect ? AppProcess.start('bare-connect-server', env) : undefined;
  const goJson = options.goServers ? AppProcess.start('go-json-server', env) : undefined;
  const goGrpc = options.goServers ? AppProcess.start('go-grpc-server', env) : undefined;
  const all = [json, grpc, client, jsonFastify, jsonH2, bareConnect, goJson, goGrpc].filter(
    (a): a is AppProcess => a !== undefined,
  );
  const stop = async () => {
    await Promise.all(all.map((a) => a.stop()));
  };
  try {
    await Promise.all(all.map((a) => a.waitFor(LISTENING)));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    env,
    json,
    grpc,
    client,
    jsonFastify,
    jsonH2,
    bareConnect,
    goJson,
    goGrpc,
    clientUrl: `http://127.0.0.1:${env.CLIENT_PORT}`,
    stop,
  };
}

/** GET a URL and parse the JSON body, keeping the status for assertions. */
export async function getJson<T = any>(url: string): Promise<{ status: number; body: T }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as T };
}

/**
 * For a describe block: the stack started before its tests with RESULTS_DIR in a fresh temporary folder (and `env`),
 * both removed after them. Read `.stack` and `.resultsDir` inside the tests.
 */
export function useStackWithResults(
  prefix: string,
  options: StackOptions = {},
  env: Record<string, string> = {},
): { readonly stack: Stack; readonly resultsDir: string } {
  const resultsDir = mkdtempSync(join(tmpdir(), prefix));
  let stack: Stack | undefined;
  beforeAll(async () => {
    stack = await startStack({ ...env, RESULTS_DIR: resultsDir }, options);
  });
  afterAll(async () => {
    await stack?.stop();
    rmSync(resultsDir, { recursive: true, force: true });
  });
  return {
    get stack() {
      if (!stack) throw new Error('the stack has not started');
      return stack;
    },
    resultsDir,
  };
}
