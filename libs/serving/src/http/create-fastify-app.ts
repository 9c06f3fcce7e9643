import { DynamicModule, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { HttpTimeouts } from '@app/config';
import { h2cServerOptions } from './h2c-server-options';
import { endUnreadRequests } from './end-unread-requests';
import { httpServerOptions } from './http-server-options';

/**
 * The same kind of Nest HTTP app as createHttpApp, on Fastify: over HTTP/1.1, or over HTTP/2 without TLS (h2c, prior
 * knowledge) when `http2` is set. No body parsing, and the configured timeouts wherever the server takes them:
 * HTTP/1.1 gets all three (Node's server options, and Fastify's own keep-alive and request timeouts, which it
 * would otherwise set over them); an HTTP/2 server has no header or request timeout in Node, so it gets the idle
 * one only (a session with nothing to do is closed after the keep-alive timeout), and h2cServerOptions (Fastify
 * hands `http` to http2.createServer). Over HTTP/1.1, a request answered before its body arrived ends its
 * connection without the rest being read (endUnreadRequests; an HTTP/2 stream has its own end).
 */
export async function createFastifyApp(
  module: DynamicModule,
  timeouts: HttpTimeouts,
  logger: LoggerService | false,
  http2 = false,
): Promise<NestFastifyApplication> {
  const adapter = http2
    ? new FastifyAdapter({
        http2: true,
        http2SessionTimeout: timeouts.keepAliveMs,
        http: h2cServerOptions(),
      } as ConstructorParameters<typeof FastifyAdapter>[0])
    : new FastifyAdapter({
        http: httpServerOptions(timeouts),
        keepAliveTimeout: timeouts.keepAliveMs,
        requestTimeout: timeouts.requestMs,
      });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger,
    abortOnError: false,
    bodyParser: false,
  });
  if (!http2) endUnreadRequests(app.getHttpServer());
  app.enableShutdownHooks();
  return app;
}
