import type { HandlerContext } from '@connectrpc/connect';
import { refuseUnknownProtocolVersion } from './protocol-version';
import { answerUndecodableRequests } from './undecodable-requests';

/**
 * connect-es's request gate: run for every call of every protocol before its body is read, so the one place to
 * refuse a call by its headers and to arm what must see the decoding's outcome.
 */
export function requestGate(ctx: HandlerContext): void {
  refuseUnknownProtocolVersion(ctx);
  answerUndecodableRequests(ctx);
}
