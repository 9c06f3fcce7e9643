/**
 * Whether to write ANSI colour to a stream: only to a terminal, unless the environment says otherwise. NO_COLOR
 * (https://no-color.org: set and not empty) turns it off and wins; FORCE_COLOR (as supports-color and chalk read it:
 * set, and not "0" or "false") turns it on for a pipe or a file. The apps and `npm run start:all` decide alike, so a
 * log written to a file has no escape codes in it and a terminal still gets its colours.
 */
export function colourWanted(
  stream: { isTTY?: boolean },
  env: Record<string, string | undefined> = process.env,
): boolean {
  if ((env.NO_COLOR ?? '') !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !['0', 'false'].includes(force.trim().toLowerCase());
  return stream.isTTY === true;
}
