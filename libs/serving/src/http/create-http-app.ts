import { createServer } from 'node:http';
import { DynamicModule, LoggerService, NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, NestExpressApplication } from '@nestjs/platform-express';
import type { HttpTimeouts } from '@app/config';
import { endUnreadRequests } from './end-unread-requests';
import { httpServerOptions } from './http-server-options';

/**
 * Nest's Express adapter with a server that has the configured timeouts from the start (Node only takes some at
 * creation), and that ends a connection whose request it answered before the body arrived (endUnreadRequests).
 */
class BoundedExpressAdapter extends ExpressAdapter {
  constructor(private readonly timeouts: HttpTimeouts) {
    super();
  }

  initHttpServer(options: NestApplicationOptions): void {
    if (options?.httpsOptions) return super.initHttpServer(options);
    this.httpServer = createServer(httpServerOptions(this.timeouts), this.getInstance());
    endUnreadRequests(this.httpServer);
  }
}

/**
 * A Nest HTTP app as the client and the JSON server run it: no body parsing (no endpoint takes a body, so a
 * malformed, oversized or aborted one cannot reach a parser and flood the log with its errors), no X-Powered-By,
 * bounded waits on slow callers, and shutdown hooks.
 */
export async function createHttpApp(
  module: DynamicModule,
  timeouts: HttpTimeouts,
  logger: LoggerService | false,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(module, new BoundedExpressAdapter(timeouts), {
    logger,
    abortOnError: false,
    bodyParser: false,
  });
  app.disable('x-powered-by');
  app.enableShutdownHooks();
  return app;
}
