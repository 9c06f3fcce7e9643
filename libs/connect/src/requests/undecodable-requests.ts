import { Code, ConnectError, type HandlerContext } from '@connectrpc/connect';

const BINARY_PARSE = 'parse binary: ';

/**
 * Makes a request body that cannot be decoded an `invalid_argument` with a one-line message, as the gRPC servers
 * answer it (withStrictRequests), in every protocol. connect-es decodes before any interceptor or handler runs and
 * calls protobuf bytes it cannot decode `internal` ("parse binary: premature EOF", HTTP 500, gRPC 13); a JSON body
 * is already `invalid_argument`, but its message may quote the body, line breaks and all. The only place a server
 * sees that error before it is answered is the call's abort: every connect-es protocol handler aborts the call's
 * signal with the error (context.abort(e)) and only then turns that same object into the reply, so the error is
 * corrected there. Called by the request gate, which runs before the body is read.
 */
export function answerUndecodableRequests(ctx: HandlerContext): void {
  const correct = () => {
    const error: unknown = ctx.signal.reason;
    if (!(error instanceof ConnectError)) return;
    if (error.code === Code.Internal && error.rawMessage.startsWith(BINARY_PARSE)) {
      rewrite(
        error,
        Code.InvalidArgument,
        `request is not a valid ${ctx.method.input.typeName}: ${error.rawMessage.slice(BINARY_PARSE.length)}`,
      );
    } else if (error.code === Code.InvalidArgument && /[\r\n]/.test(error.rawMessage)) {
      rewrite(error, Code.InvalidArgument, error.rawMessage.replace(/\s*[\r\n]+\s*/g, ' '));
    }
  };
  ctx.signal.addEventListener('abort', correct, { once: true });
}

// ConnectError's fields are readonly in its types only; message is what its constructor builds from code and text.
function rewrite(error: ConnectError, code: Code, rawMessage: string): void {
  const corrected = new ConnectError(rawMessage, code);
  Object.assign(error as { code: Code; rawMessage: string; message: string }, {
    code,
    rawMessage,
    message: corrected.message,
  });
}
