import { runReportCommand } from './cli/report-command';

runReportCommand(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`wirebench report: ${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
