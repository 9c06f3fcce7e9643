import type { LoadLevelSpec } from '../load-level.interface';
import { decodeShares, MAX_SHARES_BYTES, shareOfSlot, SHARES_VARIABLE, swarmJobArgs } from './swarm-job-args';

const share = (concurrency: number) =>
  ({ transport: 'grpc', concurrency, target: { address: '10.0.0.5:5000' } }) as unknown as LoadLevelSpec;

describe('swarmJobArgs (docker service create for one level)', () => {
  it(
    'one replicated job of N tasks at once, never restarted, on the host network, labelled with the run, ' +
      "running the image's generator",
    () => {
      const args = swarmJobArgs({
        name: 'wirebench-gen-abc-1',
        runId: 'abc',
        image: 'wirebench:local',
        shares: [share(25), share(25)],
        env: { BINARY_BLOB_BYTES: '4096' },
      });
      const joined = args.join(' ');
      expect(joined).toMatch(
        new RegExp(
          String.raw`^service create --detach --quiet --name wirebench-gen-abc-1 --label ` +
            String.raw`wirebench\.run=abc --container-label wirebench\.run=abc --mode replicated-job --replicas 2 ` +
            String.raw`--max-concurrent 2 --restart-condition none --network host `,
        ),
      );
      expect(args).toContain('WIREBENCH_TASK_SLOT={{.Task.Slot}}');
      expect(args).toContain('BINARY_BLOB_BYTES=4096');
      expect(args.slice(-2)).toEqual(['wirebench:local', 'generator']);
      expect(joined).not.toContain('replicas-max-per-node');
      // The shares travel base64: swarm would read a spec's braces as a Go template.
      const encoded = args.find((a) => a.startsWith(`${SHARES_VARIABLE}=`))!.slice(SHARES_VARIABLE.length + 1);
      expect(encoded).not.toContain('{{');
      expect(decodeShares(encoded)).toEqual([share(25), share(25)]);
    },
  );

  it('--per-node K becomes --replicas-max-per-node K', () => {
    const args = swarmJobArgs({
      name: 'n',
      runId: 'r',
      image: 'i',
      shares: [share(1), share(1), share(1)],
      perNode: 2,
    });
    expect(args.join(' ')).toContain('--replicas-max-per-node 2');
  });

  it('each --generator-constraint becomes a --constraint, before the image', () => {
    const args = swarmJobArgs({
      name: 'n',
      runId: 'r',
      image: 'i',
      shares: [share(1)],
      constraints: ['node.role==worker', 'node.labels.zone!=a'],
    });
    const joined = args.join(' ');
    expect(joined).toContain('--constraint node.role==worker --constraint node.labels.zone!=a');
    expect(args.indexOf('--constraint')).toBeLessThan(args.lastIndexOf('i'));
  });

  it('refuses shares too large for a service spec, saying how large', () => {
    const huge = { ...share(1), target: { address: 'x'.repeat(MAX_SHARES_BYTES) } } as unknown as LoadLevelSpec;
    expect(() => swarmJobArgs({ name: 'n', runId: 'r', image: 'i', shares: [huge] })).toThrow(
      /shares are \d+ bytes encoded, above the 262144/,
    );
  });
});

describe('shareOfSlot', () => {
  it('slot 0, which swarm renders as the node id, is share 0; others their number, modulo the shares', () => {
    expect(shareOfSlot('scu8lp2zg25wvu28gda8qbw8z', 2)).toBe(0);
    expect(shareOfSlot('1', 2)).toBe(1);
    expect(shareOfSlot('2', 2)).toBe(0);
  });
});
