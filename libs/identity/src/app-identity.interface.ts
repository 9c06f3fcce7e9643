/**
 * Who answered at an app's address: the wirebench app expected there; something else (what it answered, in words,
 * for the refusal); or nobody any more (it went away after it was found listening: the launcher starts the app).
 */
export type AppIdentity = { is: 'wirebench' } | { is: 'stranger'; answered: string } | { is: 'nobody' };

export const WIREBENCH: AppIdentity = { is: 'wirebench' };
export const NOBODY: AppIdentity = { is: 'nobody' };

export function stranger(answered: string): AppIdentity {
  return { is: 'stranger', answered };
}
