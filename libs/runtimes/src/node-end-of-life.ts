/**
 * When each supported Node major stops getting fixes, from the Node.js release schedule
 * (https://github.com/nodejs/Release#release-schedule): a run on a major past its date is allowed (teams still run
 * them) but says so. A major missing here (a newer one) is not known to be past anything.
 */
const END_OF_LIFE: Readonly<Record<number, string>> = {
  20: '2026-04-30',
  22: '2027-04-30',
  24: '2028-04-30',
  26: '2029-04-30',
};

/** "2026-04-30" when `version`'s major was past its end of life on `today`; null otherwise. */
export function pastEndOfLife(version: string, today: Date = new Date()): string | null {
  const eol = END_OF_LIFE[Number(version.split('.')[0])];
  return eol !== undefined && today.toISOString().slice(0, 10) > eol ? eol : null;
}
