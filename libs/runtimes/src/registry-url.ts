import { spawnSync } from 'node:child_process';

export const DEFAULT_REGISTRY = 'https://registry.npmjs.org/';

/**
 * The npm registry to fetch from, as npm itself would: `npm_config_registry` (npm sets it for `npm run` scripts, and
 * a user may set it), else `npm config get registry` (asked only when a fetch is due: it takes a moment), else the
 * public registry. Always ends with `/`.
 */
export function registryUrl(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.npm_config_registry?.trim() || askNpm(env) || DEFAULT_REGISTRY;
  return url.endsWith('/') ? url : `${url}/`;
}

function askNpm(env: NodeJS.ProcessEnv): string | undefined {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const answer = spawnSync(npm, ['config', 'get', 'registry'], {
    env,
    encoding: 'utf8',
    timeout: 10_000,
    shell: process.platform === 'win32',
  });
  const url = answer.status === 0 ? answer.stdout.trim() : '';
  return /^https?:\/\//.test(url) ? url : undefined;
}
