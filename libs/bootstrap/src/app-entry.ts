import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findProjectRoot } from './find-project-root';

/** Every app of the monorepo (nest-cli.json's applications). */
export const APP_NAMES = [
  'json-server',
  'grpc-server',
  'client',
  'bare-json-server',
  'bare-grpc-server',
  'bare-connect-server',
  'bench-cli',
] as const;
export type AppName = (typeof APP_NAMES)[number];

/**
 * Servers that are another entry point of an app rather than an app of their own: the JSON server's one module and
 * controller on Fastify, over HTTP/1.1 and over h2c (the variants json-fastify and json-h2).
 */
const OTHER_ENTRIES = {
  'json-fastify-server': { app: 'json-server', file: 'main-fastify.js' },
  'json-h2-server': { app: 'json-server', file: 'main-h2.js' },
} as const satisfies Record<string, { app: AppName; file: string }>;

/** The processes that serve: what a launcher starts. */
export type ServingAppName = Exclude<AppName, 'bench-cli'> | keyof typeof OTHER_ENTRIES;
export const SERVING_APP_NAMES: readonly ServingAppName[] = [
  ...APP_NAMES.filter((a): a is Exclude<AppName, 'bench-cli'> => a !== 'bench-cli'),
  ...(Object.keys(OTHER_ENTRIES) as (keyof typeof OTHER_ENTRIES)[]),
];

/**
 * A built entry point (`main.js` unless given, or the serving process's own). `nest build` (tsc builder,
 * monorepo) mirrors each app's source path under dist/apps/<app>/, so this is the one place that spells that layout.
 */
export function appEntry(app: AppName | ServingAppName, file?: string, root = findProjectRoot()): string {
  const other = Object.prototype.hasOwnProperty.call(OTHER_ENTRIES, app)
    ? OTHER_ENTRIES[app as keyof typeof OTHER_ENTRIES]
    : undefined;
  const project = other?.app ?? app;
  return join(root, 'dist', 'apps', project, 'apps', project, 'src', file ?? other?.file ?? 'main.js');
}

/** The entry point, or an error that says how to get it. */
export function builtAppEntry(app: AppName | ServingAppName, file?: string, root = findProjectRoot()): string {
  const entry = appEntry(app, file, root);
  if (!existsSync(entry))
    throw new Error(`${entry} is missing: run "npm run build" (npm test and the npm run scripts build when needed)`);
  return entry;
}
