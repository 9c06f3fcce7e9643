import { PLAIN_INTEGER } from '@app/serving';
import { ScenarioRangeError } from './scenario-validation.error';

/**
 * A raw parameter as an integer within [min, max], or its fallback when absent; the one integer rule for every input.
 */
export function integerParam(name: string, raw: unknown, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === null) return fallback;
  if (typeof raw === 'number') {
    if (Number.isSafeInteger(raw) && raw >= min && raw <= max) return raw;
    throw new ScenarioRangeError(name, min, max, raw);
  }
  // Only plain digits, as the servers take them: '007', '1e3', '0x10', ' 5', '+5' and '' are refused rather than
  // guessed at.
  if (typeof raw !== 'string' || !PLAIN_INTEGER.test(raw)) throw new ScenarioRangeError(name, min, max, raw);
  const value = Number(raw);
  if (value < min || value > max) throw new ScenarioRangeError(name, min, max, raw);
  return value;
}
