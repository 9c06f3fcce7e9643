import type { UniversalClientFn } from '@connectrpc/connect/protocol';
import type { ConnectBodyMeter } from './connect-body-meter';

/**
 * The request header a call names its meter by. It is read and removed before the request is written, so it never
 * reaches the wire: the way from one call (many may be in flight on one client) to the HTTP exchange connect-es makes
 * for it, which neither its call options nor its interceptors reach.
 */
export const METER_HEADER = 'x-wirebench-meter';

/** The meters of the calls in flight, by the id each call sends in METER_HEADER. */
export class CallMeters {
  private nextId = 0;
  private readonly open = new Map<string, ConnectBodyMeter>();

  /** The header that hands `meter` to the HTTP client for one call. */
  add(meter: ConnectBodyMeter): Record<string, string> {
    const id = String(this.nextId++);
    this.open.set(id, meter);
    return { [METER_HEADER]: id };
  }

  take(id: string | null): ConnectBodyMeter | undefined {
    if (id === null) return undefined;
    const meter = this.open.get(id);
    this.open.delete(id);
    return meter;
  }

  /** A call that failed before its request was made leaves its meter behind; this drops it. */
  drop(header: Record<string, string>): void {
    this.open.delete(header[METER_HEADER]);
  }
}

/**
 * connect-es's own HTTP client (createNodeHttpClient) with each call's body measured on the way through: headers in
 * (first byte), every body chunk counted, body done (last byte). Below the protocol, so one wrapper serves Connect,
 * gRPC and gRPC-Web alike.
 */
export function measuredHttpClient(inner: UniversalClientFn, meters: CallMeters): UniversalClientFn {
  return async (request) => {
    const meter = meters.take(request.header.get(METER_HEADER));
    request.header.delete(METER_HEADER);
    const response = await inner(request);
    if (!meter) return response;
    meter.headers();
    // The trailer is a Headers object connect-es's client fills as the body ends: the same object is passed on.
    return {
      status: response.status,
      header: response.header,
      trailer: response.trailer,
      body: meter.count(response.body),
    };
  };
}
