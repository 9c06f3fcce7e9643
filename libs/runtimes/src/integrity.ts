import { createHash } from 'node:crypto';

/**
 * Checks bytes against an npm `dist.integrity` (Subresource Integrity, `sha512-<base64>`; other algorithms in the
 * string are ignored, and a packument without a sha512 one is refused: sha1 `shasum` alone is not enough).
 * Returns null when they match, else one sentence naming the expected and the actual digest.
 */
export function integrityProblem(bytes: Buffer, integrity: string | undefined): string | null {
  const expected = (integrity ?? '').split(/\s+/).find((entry) => entry.startsWith('sha512-'));
  if (!expected)
    return `the registry gives no sha512 integrity (got '${integrity ?? ''}'), refusing to use it unchecked`;
  const actual = sha512Integrity(bytes);
  return actual === expected.split('?')[0] ? null : `integrity mismatch: expected ${expected}, got ${actual}`;
}

export function sha512Integrity(bytes: Buffer): string {
  return `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
}
