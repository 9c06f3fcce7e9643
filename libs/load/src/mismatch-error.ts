/** A payload that does not verify, counted as the error kind "mismatch". */
export class MismatchError extends Error {
  readonly code = 'mismatch';
}
