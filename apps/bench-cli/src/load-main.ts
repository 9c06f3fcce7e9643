import { runLoadCommand } from './cli/load-command';

runLoadCommand(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`wirebench load: ${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
