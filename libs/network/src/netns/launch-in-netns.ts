import { appCommand, LaunchedApp, LaunchOptions, ServingAppName } from '@app/bootstrap';

/** Where a command runs: anything that can prefix one, such as a NetnsTopology. */
export interface CommandPrefixer {
  prefixCommand(cmd: string[]): string[];
}

/**
 * A built app (as LaunchedApp.launch starts it) inside the namespace. Give it JSON_SERVER_HOST / GRPC_SERVER_HOST
 * = the topology's serverAddress in `env`: the apps bind 127.0.0.1 by default, which is the namespace's own loopback.
 * `ip` is found on env.PATH.
 */
export function launchInNetns(where: CommandPrefixer, app: ServingAppName, options: LaunchOptions): LaunchedApp {
  const [command, ...args] = where.prefixCommand(appCommand(app));
  // As launch() does: the app closes if this process dies, even by SIGKILL (ip netns exec keeps the signal).
  return new LaunchedApp(app, command, args, { parentDeathSignal: 'TERM', ...options });
}
