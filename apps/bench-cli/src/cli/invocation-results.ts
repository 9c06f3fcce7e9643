import { mergeInvocations, type ScenarioResult } from '@app/bench';

/**
 * The results of every invocation so far, kept per scenario, variant and runtime (so two runtimes' runs are never
 * pooled, even under one name), and the run's list of results with each
 * entry the merge of its invocations: the first invocation sets the order, later ones replace an entry in place, so
 * the files saved after every case always hold everything measured so far.
 */
export class InvocationResults {
  private readonly parts = new Map<string, ScenarioResult[]>();

  /** `scenarios` is the run's own list (BenchRun.scenarios), updated in place. */
  constructor(private readonly scenarios: ScenarioResult[]) {}

  /** One call's results, their runs already stamped with their invocation. */
  add(results: ScenarioResult[]): void {
    for (const result of results) {
      const key = poolKey(result);
      const soFar = [...(this.parts.get(key) ?? []), result];
      this.parts.set(key, soFar);
      const merged = mergeInvocations(soFar);
      const at = this.scenarios.findIndex((r) => poolKey(r) === key);
      if (at === -1) this.scenarios.push(merged);
      else this.scenarios[at] = merged;
    }
  }
}

/** What pools: one case, one variant, one runtime (the bench's --node label; none without it). */
export function poolKey(result: ScenarioResult): string {
  return [result.name, result.variant, result.runtime?.label ?? ''].join('\u0000');
}
