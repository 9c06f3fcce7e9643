import { identifyApp } from '@app/identity';
import { appTargets, type AppLauncher, type ServingAppName } from '@app/bootstrap';
import { hostPortOf, type WirebenchConfig } from '@app/config';
import { variableToMove } from './app-variables';
import { UsageError } from './usage-error';

/**
 * The apps a run would use without starting them (they already answer at their configured addresses) must be
 * wirebench's: another program on an app's port (a web server on 3001) would otherwise be timed, or fail every call
 * with its own error pages. Each is asked who it is (identifyApp: a short, bounded probe), all at once, before
 * anything is timed; a stranger is refused in one line naming the app, the address and what answered.
 */
export async function requireWirebenchApps(
  launcher: AppLauncher,
  config: WirebenchConfig,
  apps?: ServingAppName[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const running = await launcher.reachable(apps);
  if (running.length === 0) return;
  const targets = appTargets(config);
  const identities = await Promise.all(
    running.map(async (app) => ({ app, identity: await identifyApp(app, targets[app]) })),
  );
  const refusals = identities.flatMap(({ app, identity }) =>
    identity.is === 'stranger'
      ? [
          `${app}'s address ${addressText(targets[app])} answers, but not as wirebench's ` +
            `${app}: ${identity.answered}: stop it, or set ${variableToMove(app, env)}`,
        ]
      : [],
  );
  if (refusals.length > 0) throw new UsageError(refusals.join('; '));
}

function addressText(target: string): string {
  const { host, port } = hostPortOf(target);
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}
