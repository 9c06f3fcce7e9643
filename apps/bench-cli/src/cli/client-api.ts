import { request } from 'node:http';
import { isStreamingVariant, type ScenarioResult, type VariantName } from '@app/bench';
import { DEFAULT_SHAPE } from '@app/shapes';
import type { ScenarioSpec } from './presets';

export interface ScenarioCall {
  spec: ScenarioSpec;
  transports: VariantName[];
  runs: number;
  warmup: number;
  /** Rows per chunk for the streaming variants among `transports`. */
  chunk?: number;
  /** The network profile to run under (the client shapes and calibrates the path); absent: as the servers are. */
  network?: string;
  /** The scenario's name in the results, when it is not the spec's (one spec under several profiles). */
  name?: string;
  /** Foreign CPU, in cores, above which the engine judges a run disturbed (--disturbed-above). */
  disturbedAbove?: number;
  /** Disturbed runs of each scenario the engine measures again (--quiet); absent or 0: none. */
  rerunDisturbed?: number;
}

/** The client app answered with an error: its status and message, as the user should see them. */
export class ClientApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ClientApiError';
  }
}

/**
 * Runs one scenario through the client app's /client/bench endpoint: the measurement path the endpoints use.
 * No timeout of its own: a 1,000,000-row scenario takes minutes, and the client bounds each request itself.
 */
export function runScenarioOnClient(
  clientUrl: string,
  call: ScenarioCall,
  signal: AbortSignal,
): Promise<ScenarioResult[]> {
  const query = new URLSearchParams({
    name: call.name ?? call.spec.name,
    mode: call.spec.mode,
    variants: call.transports.join(','),
    rows: String(call.spec.rows),
    requests: String(call.spec.requests),
    runs: String(call.runs),
    warmup: String(call.warmup),
    wire: '1',
    // Numbers as measured: the reply becomes the run's files, which keep raw values (replies to people are rounded).
    raw: '1',
  });
  if (call.spec.concurrency !== undefined) query.set('concurrency', String(call.spec.concurrency));
  if (call.chunk !== undefined && call.transports.some(isStreamingVariant)) query.set('chunk', String(call.chunk));
  if (call.network !== undefined) query.set('network', call.network);
  if (call.disturbedAbove !== undefined) query.set('disturbedAbove', String(call.disturbedAbove));
  if (call.rerunDisturbed) query.set('rerunDisturbed', String(call.rerunDisturbed));
  // The article's row is the client's default: its calls stay what they were.
  if (call.spec.shape !== undefined && call.spec.shape !== DEFAULT_SHAPE) query.set('shape', call.spec.shape);
  return new Promise((resolve, reject) => {
    const req = request(`${clientUrl}/client/bench?${query}`, { signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: { message?: string; results?: ScenarioResult[] } | null;
        try {
          body = JSON.parse(text);
        } catch {
          return reject(
            new ClientApiError(
              res.statusCode ?? 0,
              `client answered ${res.statusCode} with a body that is not JSON: ${text.slice(0, 200)}`,
            ),
          );
        }
        if (res.statusCode !== 200)
          return reject(
            new ClientApiError(
              res.statusCode ?? 0,
              `client answered ${res.statusCode}: ${body?.message ?? text.slice(0, 300)}`,
            ),
          );
        resolve(body?.results as ScenarioResult[]);
      });
    });
    req.on('error', reject);
    req.end();
  });
}
