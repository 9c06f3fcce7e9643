// The load generator's own process (runLoadLevel spawns this file from beside itself, in whichever app's build it
// runs): one level from the JSON spec in argv[2]. It reports the edges of its
// measured window and then its result to the parent over IPC. Kept apart from the CLI and the client app
// so that its CPU is not theirs, and theirs not its.
import { runGenerator } from './run-generator';
import { useParentBlobBytes } from './generator-blob-bytes';

useParentBlobBytes();

// The parent gone (a second Ctrl-C exits it at once; a supervisor may SIGKILL it): nobody will read the result, and
// the load would go on hitting the servers until the window ran out. The IPC channel closing is how a child learns it.
process.on('disconnect', () => process.exit(1));

const send = (message: object) => new Promise<void>((resolve) => process.send!(message, () => resolve()));

runGenerator(JSON.parse(process.argv[2]), (edge) => void send({ window: edge })).then(
  async (result) => {
    // Its own versions, not the parent's: the parent may have started it on another node (npm run load --client-node).
    await send({
      result: { ...result, generatorRuntime: { nodeVersion: process.versions.node, v8Version: process.versions.v8 } },
    });
    process.exit(0);
  },
  (error) => {
    process.stderr.write(`load generator: ${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
