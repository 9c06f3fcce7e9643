import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveRuntime } from './resolve-runtime';
import { parseRuntimeSpec } from './runtime-spec';
import { outsideSupportedRange, SUPPORTED_NODE, unsupportedVersion } from './supported-node';

describe('the supported Node range', () => {
  it('is package.json engines.node, so the two cannot drift apart', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));
    expect(SUPPORTED_NODE).toBe(pkg.engines.node);
  });

  it.each([['20'], ['22'], ['24'], ['26'], ['20.19.0'], ['22.12.0'], ['current']])('accepts %s', (spec) => {
    expect(outsideSupportedRange(parseRuntimeSpec(spec))).toBeNull();
  });

  it.each([['18'], ['7'], ['21'], ['23'], ['20.10.0'], ['22.11.0']])('refuses %s, naming the range', (spec) => {
    expect(outsideSupportedRange(parseRuntimeSpec(spec))).toMatch(
      /is outside the supported range \(\^20\.19 \|\| \^22\.12 \|\| >=24, package\.json engines\)/,
    );
  });

  it('checks what a binary reported too', () => {
    expect(unsupportedVersion('18.20.8')).toMatch(/^Node 18\.20\.8 is outside the supported range/);
    expect(unsupportedVersion('24.11.1')).toBeNull();
  });

  it(
    'refuses an unsupported runtime before fetching anything (a registry that answers nothing is never ' + 'asked)',
    async () => {
      const registry = 'http://127.0.0.1:9/never-asked';
      await expect(resolveRuntime('18', { registry, cacheDir: join(__dirname, 'no-such-cache') })).rejects.toThrow(
        /^node runtime 18: Node 18 is outside the supported range/,
      );
    },
  );
});
