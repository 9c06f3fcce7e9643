// Run-to-run spread is rarely under 1%: a ratio of 3.09 or a median of 12.3 ms says all the measurement supports,
// and 3.0902901616677823 only looks more exact. Files keep the raw values (readableNumbers is for replies).
const SIGNIFICANT_DIGITS = 3;

/**
 * A number as a person reads it: 3 significant digits, and never rounded above the unit (1234.567 -> 1235, not 1230;
 * 3.0902901616677823 -> 3.09; 0.000123456 -> 0.000123). Whole numbers (counts, bytes) are left as they are.
 */
export function readableNumber(value: number): number {
  if (!Number.isFinite(value) || Number.isInteger(value)) return value;
  if (Math.abs(value) >= 10 ** (SIGNIFICANT_DIGITS - 1)) return Math.round(value);
  return Number(value.toPrecision(SIGNIFICANT_DIGITS));
}

/**
 * A copy of a reply with every number in it made readable (readableNumber); strings, booleans and nulls as they are.
 */
export function readableNumbers<T>(value: T): T {
  if (typeof value === 'number') return readableNumber(value) as T;
  if (Array.isArray(value)) return value.map(readableNumbers) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, readableNumbers(v)])) as T;
  }
  return value;
}
