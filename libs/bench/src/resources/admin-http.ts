import { request } from 'node:http';
import { connect, constants } from 'node:http2';

/**
 * One JSON call to a JSON server's admin route. HTTP/1.1 first; the h2c instance (Fastify over HTTP/2 without
 * TLS) answers it with HTTP/2 frames, which fail to parse as HTTP/1.1, so then it is tried once more over h2c.
 */
export async function adminHttp(baseUrl: string, method: 'GET' | 'POST' | 'DELETE', path: string, timeoutMs: number): Promise<unknown> {
  try {
    return await http1(baseUrl, method, path, timeoutMs);
  } catch (error) {
    if (!String((error as NodeJS.ErrnoException).code).startsWith('HPE_')) throw error;
    return h2c(baseUrl, method, path, timeoutMs);
  }
}

function parse(status: number, body: string): unknown {
  if (status < 200 || status > 299) throw new Error(`HTTP ${status}${status === 404 ? ' (SERVER_RESOURCES off there?)' : ''}`);
  return JSON.parse(body);
}

function http1(baseUrl: string, method: string, path: string, timeoutMs: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    // A deadline for the whole call: a socket timeout would not cover a connect that never completes.
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    const req = request(new URL(path, baseUrl), { method, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => (body += d));
      res.on('end', () => {
        clearTimeout(timer);
        try {
          resolve(parse(res.statusCode ?? 0, body));
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end();
  });
}

function h2c(baseUrl: string, method: string, path: string, timeoutMs: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const session = connect(baseUrl);
    const timer = setTimeout(() => session.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      session.destroy();
      reject(error);
    };
    session.on('error', fail);
    const stream = session.request({ [constants.HTTP2_HEADER_METHOD]: method, [constants.HTTP2_HEADER_PATH]: new URL(path, baseUrl).pathname });
    let status = 0;
    let body = '';
    stream.on('response', (headers) => (status = Number(headers[constants.HTTP2_HEADER_STATUS])));
    stream.setEncoding('utf8').on('data', (d: string) => (body += d));
    stream.on('error', fail);
    stream.on('end', () => {
      clearTimeout(timer);
      session.close();
      try {
        resolve(parse(status, body));
      } catch (error) {
        reject(error);
      }
    });
    stream.end();
  });
}
