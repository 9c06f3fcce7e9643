import type { ResourceMeter } from './resource-meter';

/** The HTTP admin routes; the Nest JSON server's controller declares the same three. */
export const RESOURCES_ROUTES = {
  snapshot: 'admin/resources',
  windows: 'admin/resources/windows',
} as const;

/** For the start-up line of the HTTP servers. */
export const RESOURCES_AT_HTTP =
  'GET /admin/resources, POST /admin/resources/windows, DELETE /admin/resources/windows/:window';

const WINDOW = /^\/admin\/resources\/windows\/([^/]+)\/?$/;

/**
 * The bare JSON server's admin routes: `GET /admin/resources` (now), `POST /admin/resources/windows` (begin a
 * window -> 201 `{ window }`), `DELETE /admin/resources/windows/:window` (end it -> its ResourceReport, 404 if
 * not open). Null when the path is not one of them, so the caller answers as it does for any unknown path.
 */
export function resourcesRoute(
  meter: ResourceMeter,
  method: string,
  path: string,
): { status: number; body: unknown } | null {
  const clean = path.replace(/\/+$/, '').toLowerCase();
  if (clean === `/${RESOURCES_ROUTES.snapshot}` && method === 'GET') return { status: 200, body: meter.snapshot() };
  if (clean === `/${RESOURCES_ROUTES.windows}` && method === 'POST') return { status: 201, body: meter.begin() };
  const end = WINDOW.exec(path);
  if (end && method === 'DELETE') {
    const id = decodedWindow(end[1]);
    if (id === null)
      return {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          parameter: 'window',
          message: `window ${JSON.stringify(end[1])} has a malformed percent-escape`,
        },
      };
    const report = meter.end(id);
    return report
      ? { status: 200, body: report }
      : { status: 404, body: { statusCode: 404, error: 'Not Found', message: `no open window ${end[1]}` } };
  }
  return null;
}

// decodeURIComponent throws on a malformed escape (%E0%A4%A); uncaught, that ended the whole server process.
function decodedWindow(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}
