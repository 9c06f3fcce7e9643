import type { ResolvedRuntime } from '@app/runtimes';
import { blockTag } from './load-block-tag';

const runtime = {
  path: '/x/node',
  nodeVersion: '22.23.3',
  v8Version: '12.4',
  spec: '22',
  source: 'cache',
} as ResolvedRuntime;
const pair = { server: runtime, client: runtime, label: 'node22.23.3' };

describe('blockTag', () => {
  it('names the runtime, and the round only when there are several', () => {
    expect(blockTag(pair, 1, 1)).toBe('@node22.23.3');
    expect(blockTag(pair, 2, 3)).toBe('@node22.23.3@round2');
  });

  it('adds nothing without a runtime axis', () => {
    expect(blockTag(null, 1, 1)).toBe('');
  });
});
