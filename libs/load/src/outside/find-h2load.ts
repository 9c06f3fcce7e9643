import { findProgram } from './find-program';

export const H2LOAD_INSTALL_HINT =
  'install Debian\'s nghttp2-client ("apt-get install -y nghttp2-client", or "npm run setup:h2load" as root), or ' +
  'point H2LOAD_BIN at it';

/** nghttp2's h2load: H2LOAD_BIN, then PATH; null when none. */
export function findH2load(env: NodeJS.ProcessEnv = process.env): string | null {
  return findProgram('h2load', 'H2LOAD_BIN', env);
}
