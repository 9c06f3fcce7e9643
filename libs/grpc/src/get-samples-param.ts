import type { GetSamplesParam } from './interfaces/sample-service.interface';
import { invalidRequestProblem } from './invalid-request';

/**
 * Why the server refuses a GetSamples request (a request that did not decode, or a count outside 0..MAX_ROWS), or null
 * when it will serve it. Both gRPC servers answer INVALID_ARGUMENT with this text, the Connect servers
 * invalid_argument.
 */
export function getSamplesProblem(param: GetSamplesParam, maxRows: number): string | null {
  const invalid = invalidRequestProblem(param);
  if (invalid !== null) return invalid;
  const { count } = param;
  if (!Number.isInteger(count) || count < 0 || count > maxRows)
    return `count must be an integer from 0 to ${maxRows} (MAX_ROWS), got ${count}`;
  return null;
}
