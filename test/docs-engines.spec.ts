// README says what `npm ci` prints on the oldest Node it supports: every installed package whose own `engines` leave
// that Node out (npm warns EBADENGINE for each) is named there, so a Node 20 user reads the warning before seeing it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minVersion, satisfies } from 'semver';
import { ROOT } from './support/app-process';
import { readDoc } from './support/markdown';

describe('the install on the oldest supported Node', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  const oldest = minVersion(pkg.engines.node)!.version;

  it('names in the README each package npm ci warns about there (EBADENGINE)', () => {
    const refused = Object.entries(lock.packages as Record<string, { engines?: { node?: string }; optional?: boolean }>)
      .filter(
        ([path, p]) =>
          path !== '' && !p.optional && typeof p.engines?.node === 'string' && !satisfies(oldest, p.engines.node),
      )
      .map(([path]) => path.replace(/^.*node_modules\//, ''));
    const readme = readDoc(ROOT, 'README.md');
    if (refused.length > 0) expect(readme).toContain('EBADENGINE');
    expect(refused.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });
});
