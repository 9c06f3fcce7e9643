/** What `tc qdisc ... tbf` is given for one direction of the link. */
export interface TbfParameters {
  /** bit/s (tc's "mbit" is 10^6 bit/s, as the profiles' Mbit are). */
  rateBit: number;
  /** Bucket size, bytes: how much may leave at line rate after the link was idle. */
  burstBytes: number;
  /** Queue, bytes: how much may wait for tokens before tbf drops. */
  limitBytes: number;
}

// An Ethernet frame at MTU 1500 with its 14-byte header, as tbf counts it.
const FRAME_BYTES = 1514;
// tbf refills only when its watchdog timer fires. Even with high-resolution timers the wake-up is late by up to a
// scheduler tick under load (4 ms at HZ=250, the common distribution default), and tokens beyond the bucket are lost:
// a bucket smaller than one tick of traffic caps the rate below what was asked (at 1 Gbit/s that is 500 kB).
const TIMER_SLACK_S = 0.004;
// Below a tick's worth, at least a few frames, so low rates do not wait for the timer between every frame.
const MIN_BURST_BYTES = 4 * FRAME_BYTES;
// The rule of thumb "buffer = bandwidth x round trip" lets one TCP flow keep the link full after a loss halves its
// window; 20 ms when the profile adds (almost) no delay, so the queue still absorbs a burst on a fast link.
const MIN_QUEUE_S = 0.02;
const MIN_LIMIT_BYTES = 64 * 1024;

/** Parameters with which tbf holds `mbit` for a bulk TCP transfer on a link whose round trip is `roundTripMs`. */
export function tbfParameters(mbit: number, roundTripMs: number): TbfParameters {
  const rateBit = Math.round(mbit * 1e6);
  const bytesPerSecond = rateBit / 8;
  const burstBytes = Math.max(MIN_BURST_BYTES, Math.ceil(bytesPerSecond * TIMER_SLACK_S));
  const queueBytes = Math.ceil(bytesPerSecond * Math.max(MIN_QUEUE_S, roundTripMs / 1000));
  return { rateBit, burstBytes, limitBytes: Math.max(MIN_LIMIT_BYTES, burstBytes + queueBytes) };
}

/** The tc arguments after `tbf`. */
export function tbfArgs(p: TbfParameters): string[] {
  return ['rate', `${p.rateBit}bit`, 'burst', String(p.burstBytes), 'limit', String(p.limitBytes)];
}
