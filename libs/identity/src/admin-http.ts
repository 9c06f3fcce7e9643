import { httpAnswer } from './http-answer';

/** One JSON call to a JSON server's admin route (over HTTP/1.1 or h2c, as httpAnswer finds it answers). */
export async function adminHttp(
  baseUrl: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  timeoutMs: number,
): Promise<unknown> {
  const { status, body } = await httpAnswer(baseUrl, method, path, timeoutMs);
  if (status < 200 || status > 299)
    throw new Error(`HTTP ${status}${status === 404 ? ' (SERVER_RESOURCES off there?)' : ''}`);
  return JSON.parse(body);
}
