import { exitOnStartupError } from '@app/bootstrap';
import { CalibrationServer } from '@app/network';

// `node calibration-server-main.js HOST`: the calibration server on HOST, on a free port it prints. `--hosts netns`
// runs it inside the servers' namespace, so each profile's path is measured across the same veth and tbf as the
// servers' bytes; it serves until SIGTERM.
const host = process.argv[2];
if (!host) {
  process.stderr.write('calibration-server: usage: calibration-server-main.js HOST\n');
  process.exit(2);
}
CalibrationServer.start(host).then(
  (server) => {
    process.stdout.write(`calibration server listening on ${server.host}:${server.port}\n`);
    const stop = () => void server.close().then(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  },
  (error) => exitOnStartupError('calibration-server', error),
);
