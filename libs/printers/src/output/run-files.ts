/** The files each kind of saved run holds, in the order they are written; result.json always last. */
export const RUN_FILES = {
  // report.html is rendered by @app/report and handed to writeRunFiles by the CLI.
  bench: ['runs.csv', 'summary.csv', 'summary.md', 'report.html', 'result.json'],
  load: ['levels.csv', 'summary.md', 'report.html', 'result.json'],
  // `?save=1` on the client endpoints appends to these two, in the bench columns.
  endpoint: ['runs.csv', 'summary.csv'],
} as const;

export type RunKind = keyof typeof RUN_FILES;

/** Every file name a saved run can have: what /client/results serves, and nothing else. */
export const SAVED_RUN_FILES: readonly string[] = [...new Set(Object.values(RUN_FILES).flat())];

export const CONTENT_TYPES: Record<string, string> = {
  'runs.csv': 'text/csv; charset=utf-8; header=present',
  'summary.csv': 'text/csv; charset=utf-8; header=present',
  'levels.csv': 'text/csv; charset=utf-8; header=present',
  'result.json': 'application/json; charset=utf-8',
  'summary.md': 'text/markdown; charset=utf-8',
  'report.html': 'text/html; charset=utf-8',
};
