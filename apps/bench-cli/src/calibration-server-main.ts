import { exitOnStartupError } from '@app/bootstrap';
import { CalibrationServer } from '@app/network';
import { StrictArgs, strictArgs } from './cli/strict-args';
import { UsageError } from './cli/usage-error';

// `node calibration-server-main.js HOST`: the calibration server on HOST, on a free port it prints. `--hosts netns`
// runs it inside the servers' namespace, so each profile's path is measured across the same veth and tbf as the
// servers' bytes; it serves until SIGTERM.
const USAGE = `Usage: node calibration-server-main.js HOST
Started by npm run bench and npm run load (--network, --hosts netns), not by hand: serves the path calibration on
HOST, on a free port it prints, until SIGTERM.`;
let parsed: StrictArgs;
try {
  parsed = strictArgs(process.argv.slice(2), { help: { type: 'boolean', short: 'h' } }, true);
  if (!parsed.values.help && parsed.positionals.length !== 1)
    throw new UsageError(`expected one HOST, got ${parsed.positionals.length}`);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`calibration-server: ${error.message} (see --help)\n`);
  process.exit(2);
}
if (parsed.values.help) {
  process.stdout.write(USAGE + '\n');
  process.exit(0);
}
const host = parsed.positionals[0];
CalibrationServer.start(host).then(
  (server) => {
    process.stdout.write(`calibration server listening on ${server.host}:${server.port}\n`);
    const stop = () => void server.close().then(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  },
  (error) => exitOnStartupError('calibration-server', error),
);
