import { runGenerator } from '../run-generator';
import { decodeShares, SHARES_VARIABLE, shareOfSlot, SLOT_VARIABLE } from './swarm-job-args';
import { failedLine, resultLines, windowLine } from './swarm-log-protocol';

/**
 * One swarm task of a level (the image's `generator` app): the share its slot names, run as a local generator
 * process runs it, its window's edges and its result written to stdout as marked lines for `docker service logs`.
 * Resolves with the exit code.
 */
export async function runGeneratorTask(
  env: NodeJS.ProcessEnv = process.env,
  write: (line: string) => void = (l) => process.stdout.write(l + '\n'),
): Promise<number> {
  let share = 0;
  try {
    const encoded = env[SHARES_VARIABLE];
    if (!encoded)
      throw new Error(
        `${SHARES_VARIABLE} is not set: this app runs as a task of a swarm load job (npm run load -- --hosts swarm)`,
      );
    const shares = decodeShares(encoded);
    share = shareOfSlot(env[SLOT_VARIABLE] ?? '', shares.length);
    const result = await runGenerator(shares[share], (edge) => write(windowLine(share, edge)));
    const payload = {
      ...result,
      generatorRuntime: { nodeVersion: process.versions.node, v8Version: process.versions.v8 },
    };
    for (const line of resultLines(share, payload)) write(line);
    return 0;
  } catch (error) {
    write(failedLine(share, (error as Error)?.message ?? String(error)));
    process.stderr.write(`load generator task: ${(error as Error)?.stack ?? error}\n`);
    return 1;
  }
}
