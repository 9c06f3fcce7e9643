// The image's `generator` app: one task of a swarm load job (npm run load -- --hosts swarm), which runs the share of
// the level its slot names and reports on stdout, read back through `docker service logs` (see run-generator-task.ts).
import { runGeneratorTask, useParentBlobBytes } from '@app/load';

// The level's binary blob size comes with the job, as a local generator gets its parent's.
useParentBlobBytes();
runGeneratorTask().then((code) => process.exit(code));
