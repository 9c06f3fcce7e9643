import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findProjectRoot } from './find-project-root';

/** Every app of the monorepo (nest-cli.json's applications). */
export const APP_NAMES = ['json-server', 'grpc-server', 'client', 'bare-json-server', 'bare-grpc-server', 'bench-cli'] as const;
export type AppName = (typeof APP_NAMES)[number];
/** The apps that serve: what a launcher starts. */
export type ServingAppName = Exclude<AppName, 'bench-cli'>;

/**
 * A built entry point. `nest build` (tsc builder, monorepo) mirrors each app's source path under
 * dist/apps/<app>/, so this is the one place that spells that layout.
 */
export function appEntry(app: AppName, file = 'main.js', root = findProjectRoot()): string {
  return join(root, 'dist', 'apps', app, 'apps', app, 'src', file);
}

/** The entry point, or an error that says how to get it. */
export function builtAppEntry(app: AppName, file = 'main.js', root = findProjectRoot()): string {
  const entry = appEntry(app, file, root);
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run "npm run build" (npm test and the npm run scripts build when needed)`);
  return entry;
}
