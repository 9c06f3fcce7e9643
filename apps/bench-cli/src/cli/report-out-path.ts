import { basename, join } from 'node:path';

/**
 * Where `--out FILE` writes: a bare file name (`ab.html`) goes beside the runs in the results folder, as every other
 * file a run or report writes does, rather than into whatever folder the command ran from (the repository root
 * under `npm run`). A path with a folder in it (`./ab.html`, `reports/ab.html`, `/tmp/ab.html`) is taken as given.
 */
export function reportOutPath(out: string, resultsDir: string): string {
  return basename(out) === out ? join(resultsDir, out) : out;
}
