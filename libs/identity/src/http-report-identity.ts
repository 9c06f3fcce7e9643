import { RESOURCES_ROUTES } from '@app/resources';
import { httpAnswer } from './http-answer';
import { NOBODY, stranger, WIREBENCH, type AppIdentity } from './app-identity.interface';
import { failureWords, httpAnswerWords, refused } from './answer-words';

const REPORT_PATH = `/${RESOURCES_ROUTES.snapshot}`;
// A snapshot is a few hundred bytes; a stranger's page is read only as far as its description needs.
const MAX_BODY_CHARS = 16 * 1024;

/**
 * A wirebench HTTP server (the JSON server on Express, Fastify or h2c, the bare JSON and Connect servers) by its
 * answer to GET /admin/resources: its ResourceSnapshot; or, with SERVER_RESOURCES off, the 404 that every one of
 * them gives an unknown path, Nest's JSON body `{ statusCode: 404, error: 'Not Found', message }`, which the bare
 * servers copy. That second answer is Nest's, not only wirebench's: the check refuses what is plainly another
 * program (a web server's HTML page, silence), not another Nest app with the same ports.
 */
export async function httpReportIdentity(baseUrl: string, timeoutMs: number): Promise<AppIdentity> {
  const asked = `GET ${REPORT_PATH}`;
  try {
    const answer = await httpAnswer(baseUrl, 'GET', REPORT_PATH, timeoutMs, MAX_BODY_CHARS);
    const body = jsonObject(answer.body);
    if (answer.status === 200 && isSnapshot(body)) return WIREBENCH;
    if (answer.status === 404 && isNotFoundBody(body)) return WIREBENCH;
    return stranger(`${asked} gave ${httpAnswerWords(answer)}`);
  } catch (error) {
    return refused(error) ? NOBODY : stranger(`${asked}: ${failureWords(error, timeoutMs)}`);
  }
}

function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

// The fields every build's snapshot has had (ResourceSnapshot), not the newer ones an older server lacks.
function isSnapshot(body: Record<string, unknown> | null): boolean {
  return typeof body?.pid === 'number' && typeof body.cpuMs === 'number' && typeof body.rssBytes === 'number';
}

function isNotFoundBody(body: Record<string, unknown> | null): boolean {
  return body?.statusCode === 404 && body.error === 'Not Found' && typeof body.message === 'string';
}
