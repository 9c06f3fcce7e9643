import type { RunSample } from '../result/result.interface';
import { DisturbedReruns } from './disturbed-reruns';

const sample = (foreignCpuCores: number | null, ms = 1): RunSample => ({
  run: 1,
  at: '',
  ms,
  rowsReceived: 1,
  payloadBytes: 1,
  verified: true,
  clientCpuMs: null,
  serverCpuMs: null,
  clientPeakRssBytes: null,
  serverPeakRssBytes: null,
  phases: null,
  foreignCpuCores,
  stealCores: 0,
});

/** Measurements that come back with these foreign CPU figures in turn, and the waits asked for. */
function machine(...foreign: (number | null)[]) {
  const waits: number[] = [];
  let next = 0;
  return {
    waits,
    wait: async (_above: number, limitMs: number) => {
      waits.push(limitMs);
      return null;
    },
    measure: async () => sample(foreign[next++], 10 + next),
  };
}

describe('DisturbedReruns', () => {
  it('keeps a quiet run as it is, and a run whose noise was not measured', async () => {
    const m = machine();
    const reruns = new DisturbedReruns(1, { perScenario: 3, wait: m.wait }, 0.2);
    expect(await reruns.keep(0, sample(0.1), m.measure)).toEqual({
      kept: { ...sample(0.1), replacedDisturbed: 0 },
      replaced: [],
    });
    expect((await reruns.keep(0, sample(null), m.measure)).replaced).toEqual([]);
    expect(m.waits).toEqual([]);
  });

  it(
    'waits for quiet and measures a disturbed run again until one is quiet, keeping the replaced ones ' + 'marked',
    async () => {
      const m = machine(0.9, 0.05);
      const { kept, replaced } = await new DisturbedReruns(1, { perScenario: 3, wait: m.wait }, 0.2).keep(
        0,
        sample(1.5),
        m.measure,
      );
      expect(replaced.map((s) => [s.foreignCpuCores, s.disturbed])).toEqual([
        [1.5, true],
        [0.9, true],
      ]);
      expect(kept).toMatchObject({ foreignCpuCores: 0.05, ms: 12, replacedDisturbed: 2 });
      expect(m.waits).toHaveLength(2);
    },
  );

  it('measures each scenario again at most perScenario times, however disturbed the machine stays', async () => {
    const m = machine(1, 1, 1, 1, 1, 1);
    const reruns = new DisturbedReruns(2, { perScenario: 2, wait: m.wait }, 0.2);
    const first = await reruns.keep(0, sample(1), m.measure);
    expect(first.replaced).toHaveLength(2);
    expect(first.kept).toMatchObject({ foreignCpuCores: 1, replacedDisturbed: 2 });
    // That scenario has used its re-runs; the other has its own.
    expect((await reruns.keep(0, sample(1), m.measure)).replaced).toEqual([]);
    expect((await reruns.keep(1, sample(1), m.measure)).replaced).toHaveLength(2);
  });

  it("stops once the call's re-runs have taken their budget, says so, and never waits past it", async () => {
    const m = machine(1, 1, 1);
    const slow = async () => {
      await new Promise((r) => setTimeout(r, 30));
      return m.measure();
    };
    const reruns = new DisturbedReruns(1, { perScenario: 3, budgetMs: 20, wait: m.wait }, 0.2);
    const { kept, replaced } = await reruns.keep(0, sample(1), slow);
    expect(replaced).toHaveLength(1);
    expect(kept.disturbed).toBeUndefined();
    expect(m.waits).toEqual([20]);
    expect([...reruns.notes[0]]).toEqual(["a disturbed run was kept: this call's re-runs had taken their 0.02 s"]);
  });
});
