import type { Scenario } from '../scenario/scenario.interface';
import type { RowsTransport } from '../transports/rows-transport.interface';
import type { RunSample, ScenarioResult } from '../result/result.interface';
import { aggregate } from '../aggregate/aggregate';
import { executeRun } from './execute-run';

/** One scenario with the transport that runs it. */
export interface Plan {
  scenario: Scenario;
  transport: RowsTransport;
}

/** Emitted after every run, warm-up or measured, for progress bars and log lines. */
export interface RunEvent {
  plan: Plan;
  phase: 'warmup' | 'measure';
  /** 1-based within its phase. */
  run: number;
  of: number;
  sample?: RunSample;
}

export interface RunOptions {
  onRun?: (event: RunEvent) => void;
}

/**
 * Warm-up runs of every plan (discarded), then measured runs interleaved across plans so that drift of the
 * machine hits all of them alike; the order of plans rotates each round so none is always first.
 * A failed request or a payload that does not verify rejects the whole call: no partial numbers.
 */
export async function runScenarios(plans: Plan[], options: RunOptions = {}): Promise<ScenarioResult[]> {
  const startedAt = new Date().toISOString();
  const maxWarmup = Math.max(0, ...plans.map((p) => p.scenario.warmup));
  for (let w = 1; w <= maxWarmup; w++) {
    for (const plan of rotate(plans, w)) {
      if (w > plan.scenario.warmup) continue;
      await executeRun(plan.scenario, plan.transport);
      options.onRun?.({ plan, phase: 'warmup', run: w, of: plan.scenario.warmup });
    }
  }

  const samples: RunSample[][] = plans.map(() => []);
  const maxRuns = Math.max(...plans.map((p) => p.scenario.runs));
  for (let r = 1; r <= maxRuns; r++) {
    for (const plan of rotate(plans, r - 1)) {
      if (r > plan.scenario.runs) continue;
      const measured = await executeRun(plan.scenario, plan.transport);
      const sample: RunSample = { run: r, ...measured, verified: true };
      samples[plans.indexOf(plan)].push(sample);
      options.onRun?.({ plan, phase: 'measure', run: r, of: plan.scenario.runs, sample });
    }
  }
  const endedAt = new Date().toISOString();
  return plans.map((plan, i) => toResult(plan, samples[i], startedAt, endedAt));
}

function rotate<T>(items: T[], by: number): T[] {
  const k = by % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

function toResult(plan: Plan, runs: RunSample[], startedAt: string, endedAt: string): ScenarioResult {
  const { scenario, transport } = plan;
  return {
    transport: scenario.transport,
    mode: scenario.mode,
    target: transport.target,
    rowsPerRequest: scenario.rowsPerRequest,
    requests: scenario.requests,
    concurrency: scenario.concurrency,
    warmup: scenario.warmup,
    runs,
    stats: aggregate(runs.map((s) => s.ms)),
    rowsReceivedPerRun: scenario.rowsPerRequest * scenario.requests,
    payloadBytesPerRun: runs[0]?.payloadBytes ?? 0,
    verified: runs.every((s) => s.verified),
    startedAt,
    endedAt,
  };
}
