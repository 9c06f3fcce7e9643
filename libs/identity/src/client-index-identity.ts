import { httpAnswer } from './http-answer';
import { NOBODY, stranger, WIREBENCH, type AppIdentity } from './app-identity.interface';
import { failureWords, httpAnswerWords, refused } from './answer-words';

const INDEX_PATH = '/client';
// The endpoint the bench runs every case through (apps/bench-cli client-api.ts): the one a client must have.
const BENCH_PATH = '/client/bench';
// The index lists some twenty endpoints with their parameters: a few KiB.
const MAX_BODY_CHARS = 256 * 1024;

/**
 * The wirebench client app by its endpoint index, GET /client, which it always serves (it has no resource report):
 * a JSON list of endpoints that includes the one the bench calls.
 */
export async function clientIndexIdentity(baseUrl: string, timeoutMs: number): Promise<AppIdentity> {
  const asked = `GET ${INDEX_PATH}`;
  try {
    const answer = await httpAnswer(baseUrl, 'GET', INDEX_PATH, timeoutMs, MAX_BODY_CHARS);
    if (answer.status === 200 && listsBenchEndpoint(answer.body)) return WIREBENCH;
    return stranger(`${asked} gave ${httpAnswerWords(answer)}`);
  } catch (error) {
    return refused(error) ? NOBODY : stranger(`${asked}: ${failureWords(error, timeoutMs)}`);
  }
}

function listsBenchEndpoint(text: string): boolean {
  try {
    const { endpoints } = JSON.parse(text) as { endpoints?: unknown };
    return Array.isArray(endpoints) && endpoints.some((e) => (e as { path?: unknown } | null)?.path === BENCH_PATH);
  } catch {
    return false;
  }
}
