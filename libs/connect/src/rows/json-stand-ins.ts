/**
 * The JSON half of handing connect-es a reply that is already encoded (see reply-encodings.ts). connect-es writes a
 * JSON reply as `textEncoder.encode(toJsonString(message))`, with the textEncoder of its jsonOptions, and takes no
 * bytes from a handler. So a handler hands over a stand-in message, registered here under the exact text
 * toJsonString makes of it, and this encoder (CONNECT_SERVER_OPTIONS' textEncoder) answers that text with the body.
 * Any other text is encoded as connect-es would. A stand-in's text is unique while it waits (the caller makes it so:
 * a row numbered -id, which no real row has) and short, so a real reply never costs more than a length check.
 * A server whose jsonOptions lacked this encoder would send the stand-in itself: every server here takes
 * CONNECT_SERVER_OPTIONS (serving/connect-handlers.ts).
 */
export class JsonStandIns {
  private readonly bodies = new Map<string, Uint8Array>();
  private longest = 0;
  private readonly utf8 = new TextEncoder();

  /**
   * Sends `body` where connect-es encodes `text`, once. `done` (the call's signal, which connect-es aborts once the
   * call is over: after the reply was serialized, or on a failure) drops a body that was never taken.
   */
  register(text: string, body: Uint8Array, done: AbortSignal): void {
    if (done.aborted) throw new Error('a stand-in registered for a call that is over would never be taken');
    this.bodies.set(text, body);
    this.longest = Math.max(this.longest, text.length);
    done.addEventListener('abort', () => this.bodies.delete(text), { once: true });
  }

  /** How many bodies wait for their stand-in (0 between calls). */
  get waiting(): number {
    return this.bodies.size;
  }

  readonly textEncoder = {
    encode: (text: string): Uint8Array => {
      const body = text.length <= this.longest ? this.bodies.get(text) : undefined;
      if (body === undefined) return this.utf8.encode(text);
      this.bodies.delete(text);
      return body;
    },
  };
}

/** The process's stand-ins: the encoder every Connect server's jsonOptions carry, and what ConnectRows registers in. */
export const JSON_STAND_INS = new JsonStandIns();
