import { Code, ConnectError, type HandlerContext } from '@connectrpc/connect';

const HEADER = 'connect-protocol-version';

/**
 * Refuses a Connect call that names a protocol version other than 1, as the Connect protocol asks of a server that
 * checks it. connect-es checks the header only with `requireConnectProtocolHeader`, which also refuses a call
 * without it: that would refuse a plain `curl -d` POST, which the docs and the Connect protocol's JSON form allow.
 * Here a missing header is served and an unknown one is invalid_argument, in connect-es's own words.
 */
export function refuseUnknownProtocolVersion(ctx: HandlerContext): void {
  if (ctx.protocolName !== 'connect') return;
  const version = ctx.requestHeader.get(HEADER);
  if (version !== null && version !== '1')
    throw new ConnectError(`${HEADER} must be "1": got "${version}"`, Code.InvalidArgument);
}
