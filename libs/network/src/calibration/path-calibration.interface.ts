/**
 * What calibrating a path measured, beside what its profile promised (recorded as net_rtt_ms, net_mbps, net_up_mbps).
 */
export interface PathCalibration {
  profile: string;
  /** Median round trip of small requests through the path, ms. */
  rttMs: number;
  /** Bulk throughput server -> client through the path, Mbit/s (10^6 bit/s). */
  mbps: number;
  /** The same client -> server (what a request body or 1,000 parallel requests cross), Mbit/s. */
  upMbps: number;
  /** 2 × latencyMs; null when the profile adds no latency (nothing to compare with). */
  nominalRttMs: number | null;
  /** downMbit; null when the profile does not limit it. */
  nominalMbps: number | null;
  /** upMbit; null when the profile does not limit it. */
  nominalUpMbps: number | null;
  /** True when the path is more than the tolerance (20%) off either nominal value. */
  flagged: boolean;
  /** Why it is flagged, and what Toxiproxy could not apply exactly. */
  notes: string[];
}
