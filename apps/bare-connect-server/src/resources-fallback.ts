import type { ConnectNodeAdapterOptions } from '@connectrpc/connect-node';
import { resourcesRoute, type ResourceMeter } from '@app/resources';

// connect-node does not export the type of a node handler by name.
type NodeHandlerFn = NonNullable<ConnectNodeAdapterOptions['fallback']>;

/**
 * What connect-node's adapter does with a path that is no RPC: the resource admin routes (libs/resources, as the bare
 * JSON server serves them) when a meter exists, else the adapter's own 404.
 */
export function resourcesFallback(meter: ResourceMeter | null): NodeHandlerFn {
  return (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const route = meter && resourcesRoute(meter, req.method ?? 'GET', path);
    const { status, body } = route ?? {
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: `no route ${req.method} ${path}` },
    };
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
}
