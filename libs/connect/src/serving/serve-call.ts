import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import { Logger } from '@nestjs/common';
import type { JsonValue } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import type { UniversalHandler } from '@connectrpc/connect/protocol';
import { universalRequestFromNodeRequest, universalResponseToNodeResponse } from '@connectrpc/connect-node';
import { failedCallLog } from './failed-call-log';

const logger = new Logger('Connect');

/**
 * Runs one call through its connect-es handler and writes the reply, as connect-es's Node, Express and Fastify
 * adapters do (with their public helpers), but logs by failedCallLog: a caller who hung up is one line, not
 * connect-es's `console.error` of the error and its stack. A response that closes before it has finished is a caller
 * gone even when no write fails (Node may drop writes to a closed socket without an error), so that is logged too,
 * once, with the write's error when one comes within the same turn.
 */
export async function serveCall(
  handler: UniversalHandler,
  req: IncomingMessage | Http2ServerRequest,
  res: ServerResponse | Http2ServerResponse,
  parsedJsonBody?: JsonValue,
): Promise<void> {
  const procedure = `${handler.service.typeName}/${handler.method.name}`;
  let failure: unknown;
  let reported = false;
  const report = (reason: unknown) => {
    if (reported) return;
    reported = true;
    const log = failedCallLog(procedure, reason);
    if (log.level === 'warn') logger.warn(log.line);
    else logger.error(log.line, log.stack);
  };
  let finished = false;
  let closedEarly = false;
  res.once('finish', () => (finished = true));
  res.once('close', () => {
    if (finished) return;
    closedEarly = true;
    setImmediate(() => report(failure ?? new ConnectError('the connection closed', Code.Aborted)));
  });
  try {
    await universalResponseToNodeResponse(
      await handler(universalRequestFromNodeRequest(req, res, parsedJsonBody, undefined)),
      res,
    );
  } catch (reason) {
    failure = reason;
    // A response that closed early is reported by its close handler, with this reason.
    if (!closedEarly) report(reason);
  }
}
