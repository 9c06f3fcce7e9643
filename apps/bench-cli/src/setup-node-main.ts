import { runSetupNodeCommand } from './cli/setup-node-command';

runSetupNodeCommand(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`wirebench setup:node: ${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
