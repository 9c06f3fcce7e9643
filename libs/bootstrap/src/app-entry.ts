import { existsSync, readFileSync } from 'node:fs';
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

/**
 * Servers that are not Node apps: the Go reference servers (native/go-servers), built by `npm run setup:go-servers`
 * into native/go-servers/bin, the native floor the go-* variants time. A launcher runs the binary itself.
 */
export const NATIVE_APPS = {
  'go-json-server': 'native/go-servers/bin/go-json-server',
  'go-grpc-server': 'native/go-servers/bin/go-grpc-server',
} as const;
export type NativeAppName = keyof typeof NATIVE_APPS;

/** Why the Go servers were not built, as setup:go-servers wrote it (no Go, no module proxy), beside where they go. */
const NATIVE_UNAVAILABLE = 'native/go-servers/bin/UNAVAILABLE';

/** The processes that serve: what a launcher starts. */
export type ServingAppName = Exclude<AppName, 'bench-cli'> | keyof typeof OTHER_ENTRIES | NativeAppName;
export const SERVING_APP_NAMES: readonly ServingAppName[] = [
  ...APP_NAMES.filter((a): a is Exclude<AppName, 'bench-cli'> => a !== 'bench-cli'),
  ...(Object.keys(OTHER_ENTRIES) as (keyof typeof OTHER_ENTRIES)[]),
  ...(Object.keys(NATIVE_APPS) as NativeAppName[]),
];

export function isNativeApp(app: string): app is NativeAppName {
  return Object.prototype.hasOwnProperty.call(NATIVE_APPS, app);
}

/**
 * A Go reference server's binary, or an error that says how to get it and, when setup could not build it, why.
 */
export function builtNativeApp(app: NativeAppName, root = findProjectRoot()): string {
  const binary = join(root, NATIVE_APPS[app]);
  if (existsSync(binary)) return binary;
  const why = join(root, NATIVE_UNAVAILABLE);
  const reason = existsSync(why) ? `; the last setup said: ${readFileSync(why, 'utf8').trim()}` : '';
  throw new Error(
    `${binary} is missing: run "npm run setup:go-servers" (it needs Go and the Go module proxy)${reason}`,
  );
}

/** Why the Go reference servers cannot run here, or null when both are built. */
export function nativeAppsUnavailable(root = findProjectRoot()): string | null {
  for (const app of Object.keys(NATIVE_APPS) as NativeAppName[]) {
    try {
      builtNativeApp(app, root);
    } catch (error) {
      return (error as Error).message;
    }
  }
  return null;
}

/**
 * A built entry point (`main.js` unless given, or the serving process's own). `nest build` (tsc builder,
 * monorepo) mirrors each app's source path under dist/apps/<app>/, so this is the one place that spells that layout.
 */
export function appEntry(
  app: AppName | Exclude<ServingAppName, NativeAppName>,
  file?: string,
  root = findProjectRoot(),
): string {
  const other = Object.prototype.hasOwnProperty.call(OTHER_ENTRIES, app)
    ? OTHER_ENTRIES[app as keyof typeof OTHER_ENTRIES]
    : undefined;
  const project = other?.app ?? app;
  return join(root, 'dist', 'apps', project, 'apps', project, 'src', file ?? other?.file ?? 'main.js');
}

/** The entry point, or an error that says how to get it. */
export function builtAppEntry(
  app: AppName | Exclude<ServingAppName, NativeAppName>,
  file?: string,
  root = findProjectRoot(),
): string {
  const entry = appEntry(app, file, root);
  if (!existsSync(entry))
    throw new Error(`${entry} is missing: run "npm run build" (npm test and the npm run scripts build when needed)`);
  return entry;
}

/**
 * The command line that starts a serving app: `node <its built entry>` (`node` is `execPath`, this process's by
 * default), or a Go reference server's own binary, which takes no node.
 */
export function appCommand(app: ServingAppName, execPath = process.execPath, root = findProjectRoot()): string[] {
  return isNativeApp(app) ? [builtNativeApp(app, root)] : [execPath, builtAppEntry(app, undefined, root)];
}
