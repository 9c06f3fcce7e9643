import { runBenchCommand } from './cli/bench-command';

runBenchCommand(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`wirebench bench: ${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
