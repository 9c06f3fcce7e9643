import { request } from 'node:http';
import { connect, constants } from 'node:http2';

/** What an HTTP server answered, as it came: the admin calls parse it, the identity check describes it. */
export interface HttpAnswer {
  status: number;
  /** The content-type header, '' when there is none. */
  contentType: string;
  /** The body as text, cut at maxBodyChars characters. */
  body: string;
}

/** The message of the rejection when nothing came back in time, so a caller can tell silence from a failure. */
export function noAnswerText(timeoutMs: number): string {
  return `no answer within ${timeoutMs} ms`;
}

/**
 * One request with no body, HTTP/1.1 first; the h2c instances (HTTP/2 without TLS, prior knowledge) answer it with
 * HTTP/2 frames, which fail to parse as HTTP/1.1, so then it is tried once more over h2c. A body past maxBodyChars
 * ends the call with what came: a stranger may send without end, and a description needs only its start.
 */
export async function httpAnswer(
  baseUrl: string,
  method: string,
  path: string,
  timeoutMs: number,
  maxBodyChars = Infinity,
): Promise<HttpAnswer> {
  try {
    return await http1(baseUrl, method, path, timeoutMs, maxBodyChars);
  } catch (error) {
    if (!String((error as NodeJS.ErrnoException).code).startsWith('HPE_')) throw error;
    return h2c(baseUrl, method, path, timeoutMs, maxBodyChars);
  }
}

function http1(
  baseUrl: string,
  method: string,
  path: string,
  timeoutMs: number,
  maxBodyChars: number,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    // Built before the deadline is set: a URL or option that throws here rejects the call (the executor's throw)
    // and leaves no timer behind to reach a request that was never made.
    const req = request(new URL(path, baseUrl), { method, agent: false }, (res) => {
      const answer = { status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: '' };
      const done = () => {
        clearTimeout(timer);
        resolve(answer);
      };
      res.setEncoding('utf8').on('data', (d: string) => {
        answer.body += d;
        if (answer.body.length < maxBodyChars) return;
        answer.body = answer.body.slice(0, maxBodyChars);
        done();
        req.destroy();
      });
      res.on('end', done);
    });
    // A deadline for the whole call: a socket timeout would not cover a connect that never completes.
    const timer = setTimeout(() => req.destroy(new Error(noAnswerText(timeoutMs))), timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end();
  });
}

function h2c(
  baseUrl: string,
  method: string,
  path: string,
  timeoutMs: number,
  maxBodyChars: number,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const session = connect(baseUrl);
    const timer = setTimeout(() => session.destroy(new Error(noAnswerText(timeoutMs))), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      session.destroy();
      reject(error);
    };
    session.on('error', fail);
    const answer = { status: 0, contentType: '', body: '' };
    const done = () => {
      clearTimeout(timer);
      session.close();
      resolve(answer);
    };
    const stream = session.request({
      [constants.HTTP2_HEADER_METHOD]: method,
      [constants.HTTP2_HEADER_PATH]: new URL(path, baseUrl).pathname,
    });
    stream.on('response', (headers) => {
      answer.status = Number(headers[constants.HTTP2_HEADER_STATUS]);
      answer.contentType = String(headers[constants.HTTP2_HEADER_CONTENT_TYPE] ?? '');
    });
    stream.setEncoding('utf8').on('data', (d: string) => {
      answer.body += d;
      if (answer.body.length < maxBodyChars) return;
      answer.body = answer.body.slice(0, maxBodyChars);
      stream.close();
      done();
    });
    stream.on('error', fail);
    stream.on('end', done);
    stream.end();
  });
}
