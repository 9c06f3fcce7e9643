import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository root: the nearest folder above `from` whose package.json is wirebench's. */
export function findProjectRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'wirebench') return dir;
    if (dirname(dir) === dir) throw new Error(`cannot find wirebench's package.json above ${from}`);
  }
}
