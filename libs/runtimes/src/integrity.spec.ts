import { createHash } from 'node:crypto';
import { fakeNodePackage } from './fixtures/fake-node-package';
import { integrityProblem, sha512Integrity } from './integrity';

describe('integrityProblem', () => {
  const pkg = fakeNodePackage('26.1.0');

  it("accepts a real tarball against its real SRI sha512 (npm's own format)", () => {
    expect(pkg.integrity).toBe(`sha512-${createHash('sha512').update(pkg.tarball).digest('base64')}`);
    expect(integrityProblem(pkg.tarball, pkg.integrity)).toBeNull();
    expect(integrityProblem(pkg.tarball, `sha1-abc ${pkg.integrity}`)).toBeNull();
  });

  it('refuses the same tarball with one byte changed, naming the expected and the actual digest', () => {
    const corrupted = Buffer.from(pkg.tarball);
    corrupted[corrupted.length >> 1] ^= 0xff;
    expect(integrityProblem(corrupted, pkg.integrity)).toBe(
      `integrity mismatch: expected ${pkg.integrity}, got ${sha512Integrity(corrupted)}`,
    );
  });

  it('refuses a packument that gives no sha512 digest rather than trusting the download', () => {
    expect(integrityProblem(pkg.tarball, undefined)).toMatch(/no sha512 integrity/);
    expect(integrityProblem(pkg.tarball, 'sha1-2jmj7l5rSw0yVb/vlWAYkK/YBwk=')).toMatch(/no sha512 integrity/);
  });
});
