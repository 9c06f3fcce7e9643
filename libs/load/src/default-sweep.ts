/** The concurrency levels `npm run load` sweeps when none are given, before the machine is considered. */
const SWEEP = [1, 10, 50, 100, 500] as const;

// Server and generator share this machine's cores. On the 2-core VM here c = 100 ran 60 s with 0 errors while
// c = 500 ended in timeouts with both processes at their limit; allowing 100 callers per core keeps 500 for machines
// of 5 cores or more, and never drops below 100.
const CALLERS_PER_CORE = 100;

/** The default sweep on a machine of `cores` cores: the levels it can drive without being the limit itself. */
export function defaultSweep(cores: number): number[] {
  const most = Math.max(100, CALLERS_PER_CORE * cores);
  return SWEEP.filter((c) => c <= most);
}

/** For --help: the default on this machine and the rule behind it. */
export function defaultSweepText(cores: number): string {
  return (
    `${defaultSweep(cores).join(',')} on this machine's ` +
    `${cores} core${cores === 1 ? '' : 's'}; up to ${SWEEP.join(',')}, at most ${CALLERS_PER_CORE} callers per core`
  );
}
