import type { ServerOptions } from 'node:http';
import type { HttpTimeouts } from '@app/config';

/**
 * node:http options that bound a slow or stalled caller by the configured timeouts. Node checks them on a timer
 * (30 s by default), so the check runs every second, or sooner for shorter timeouts.
 */
export function httpServerOptions(t: HttpTimeouts): ServerOptions {
  return {
    headersTimeout: t.headersMs,
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    connectionsCheckingInterval: Math.min(1000, t.headersMs),
  };
}
