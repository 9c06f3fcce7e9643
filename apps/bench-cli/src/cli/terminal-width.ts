// Narrower than this, a table is a column of "head: value" lines whatever the terminal says.
const MIN_WIDTH = 20;

/**
 * The width tables on stdout are fitted to: a terminal's own; piped or redirected (a file, CI), none, so the tables
 * are whole, as in the run's files, unless COLUMNS asks for a width.
 */
export function terminalWidth(
  stdout: { isTTY?: boolean; columns?: number } = process.stdout,
  env: NodeJS.ProcessEnv = process.env,
): number | undefined {
  const asked = /^\d+$/.test(env.COLUMNS ?? '') ? Number(env.COLUMNS) : undefined;
  const width = stdout.isTTY && stdout.columns ? stdout.columns : asked;
  return width === undefined || width === 0 ? undefined : Math.max(MIN_WIDTH, width);
}
