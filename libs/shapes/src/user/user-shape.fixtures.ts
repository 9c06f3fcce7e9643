import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { findProtoFile } from '../shapes-proto';

/** The repository's example (examples/order.proto and its sample), which docs/shapes.md shows. */
export const EXAMPLE_PROTO = findProtoFile(join('examples', 'order.proto'));
export const EXAMPLE_SAMPLE = findProtoFile(join('examples', 'order.sample.json'));
export const EXAMPLE_MESSAGE = 'shop.v1.Order';

export const exampleSample = (): Record<string, any> => JSON.parse(readFileSync(EXAMPLE_SAMPLE, 'utf8'));

/** A directory of its own per call, with the given files written into it; returns its path. */
export function filesIn(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'wirebench-user-shape-'));
  for (const [name, text] of Object.entries(files)) {
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  return dir;
}
