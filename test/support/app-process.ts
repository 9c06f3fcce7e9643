import { appCommand, envForApp, findProjectRoot, LaunchedApp, ServingAppName } from '@app/bootstrap';

export const ROOT = findProjectRoot();

/** Only what an app needs plus the test's settings, so a developer's shell variables cannot leak in. */
export function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { PATH, HOME, SYSTEMROOT } = process.env;
  return { PATH, HOME, SYSTEMROOT, NO_COLOR: '1', ...env };
}

/** A real process (usually a built app, as users run it) with a clean environment and its output kept. */
export class AppProcess extends LaunchedApp {
  constructor(command: string, args: string[], env: Record<string, string>) {
    super(args[0] ?? command, command, args, { cwd: ROOT, env: cleanEnv(env) });
  }

  /**
   * The built entry point with the environment its launchers give it; `npm test` builds first (pretest), so e2e tests
   * run what users run.
   */
  static start(app: ServingAppName, env: Record<string, string>): AppProcess {
    const [command, ...args] = appCommand(app);
    return new AppProcess(command, args, envForApp(app, env) as Record<string, string>);
  }
}
