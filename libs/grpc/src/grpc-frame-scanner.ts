// gRPC over HTTP/2: every message is a 1-byte compressed flag, a 4-byte big-endian length, then that many bytes.
const PREFIX_BYTES = 5;

/**
 * Follows the length-prefixed messages of one request body as its chunks arrive, reading only the prefixes and
 * skipping the payloads, to say what grpc-js's own decoder does not: a flag byte that is neither 0 nor 1, a 1 when
 * the call negotiated no compression (grpc-js would then read the bytes as uncompressed), and a body that ends
 * inside a message (grpc-js keeps the partial message and reports only "no request message").
 */
export class GrpcFrameScanner {
  /** Complete messages seen so far. */
  messages = 0;
  /** The first flag byte that breaks the protocol, described; null while there is none. */
  flagProblem: string | null = null;
  private readonly prefix = Buffer.alloc(PREFIX_BYTES);
  private prefixHave = 0;
  private declared = 0;
  private payloadLeft = 0;

  /**
   * `compressionNegotiated`: the call sent a grpc-encoding other than identity, so a flag of 1 is allowed.
   * `onMessageBegun`: told each message's declared length as soon as its prefix has arrived, before its payload.
   */
  constructor(
    private readonly compressionNegotiated: boolean,
    private readonly onMessageBegun?: (declaredBytes: number) => void,
  ) {}

  push(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.payloadLeft > 0) {
        const take = Math.min(this.payloadLeft, chunk.length - at);
        this.payloadLeft -= take;
        at += take;
        if (this.payloadLeft === 0) this.messages++;
        continue;
      }
      if (this.prefixHave === 0) this.checkFlag(chunk[at]);
      this.prefix[this.prefixHave++] = chunk[at++];
      if (this.prefixHave === PREFIX_BYTES) {
        this.prefixHave = 0;
        this.declared = this.payloadLeft = this.prefix.readUInt32BE(1);
        this.onMessageBegun?.(this.declared);
        if (this.declared === 0) this.messages++;
      }
    }
  }

  /** What is wrong with the body if it ends here, where a message was begun and not finished; null if none was. */
  truncation(): string | null {
    if (this.prefixHave > 0)
      return (
        `truncated gRPC message: the request ended ` +
        `${this.prefixHave} bytes into the ${PREFIX_BYTES}-byte length prefix`
      );
    if (this.payloadLeft > 0)
      return (
        `truncated gRPC message: the length prefix declares ` +
        `${this.declared} bytes, ${this.declared - this.payloadLeft} arrived`
      );
    return null;
  }

  private checkFlag(flag: number): void {
    if (this.flagProblem !== null || flag === 0 || (flag === 1 && this.compressionNegotiated)) return;
    this.flagProblem =
      flag === 1
        ? 'gRPC message flagged compressed (flag 1), but the call sent no grpc-encoding'
        : `gRPC message flag ${flag} does not exist (0 is uncompressed, 1 compressed)`;
  }
}
