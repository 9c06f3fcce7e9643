import { builtAppEntry, LaunchedApp, LaunchOptions } from '@app/bootstrap';
import type { CommandPrefixer } from '@app/network';

const LISTENING = /calibration server listening on \S+:(\d+)/;

/**
 * The calibration server (calibration-server-main.ts) inside the servers' namespace on their address, so the
 * client measures each profile's path across the link it will use. Stop it like any launched app.
 */
export function launchLinkCalibrationServer(where: CommandPrefixer, host: string, options: LaunchOptions): LaunchedApp {
  const [command, ...args] = where.prefixCommand([
    process.execPath,
    builtAppEntry('bench-cli', 'calibration-server-main.js'),
    host,
  ]);
  return new LaunchedApp('calibration-server', command, args, { parentDeathSignal: 'TERM', ...options });
}

/** The free port it chose, once it reports listening. */
export async function calibrationServerPort(app: LaunchedApp): Promise<number> {
  await app.waitFor(LISTENING);
  return Number(LISTENING.exec(app.output)![1]);
}
