import type { TargetKind, TransportKind } from '@app/bench';

/** What an engine can drive and what its levels carry: everything load mode decides about an engine, by engine. */
export interface LoadEngineInfo {
  /** The families it drives; absent: every family load mode drives. */
  transports?: readonly TransportKind[];
  /** Whether it runs open loops (a fixed rate of arrivals) as well as closed ones. */
  openLoop: boolean;
  /** The targets it may dial; absent: every target. */
  targets?: readonly TargetKind[];
  /**
   * An outside program, not one of our Node generators: found on this machine (the image does not carry it), it runs
   * on no node, and checks no reply (one probe call is verified first). Absent: our generators, which verify every
   * reply and report their own runtime.
   */
  outside?: {
    language: string;
    /** What of a reply it reads, when that is less than the gRPC status (the level's note says so). */
    reads?: string;
  };
  /**
   * It keeps the same number of streams in flight on each of its connections (h2load's --max-concurrent-streams), so
   * a level's concurrency must be a multiple of its connections.
   */
  evenStreams?: boolean;
}

/**
 * The load engines. `wirebench`: the project's generators (autocannon for HTTP/1.1, node:http2 for gRPC). `ghz`: the
 * Go gRPC load tool, found on this machine; it takes a host:port, and the Connect servers' h2c listeners are
 * configured as URLs, so it dials the nest and bare targets only. `h2load`: nghttp2's HTTP/2 load tool, in C, found
 * on this machine; it POSTs the level's gRPC request and reads HTTP statuses only, a ceiling to set the project's
 * generator against.
 */
export type LoadEngine = 'wirebench' | 'ghz' | 'h2load';

export const LOAD_ENGINE_INFO: Record<LoadEngine, LoadEngineInfo> = {
  wirebench: {
    openLoop: true,
  },
  ghz: {
    transports: ['grpc'],
    openLoop: false,
    targets: ['nest', 'bare'],
    outside: { language: 'Go' },
  },
  h2load: {
    transports: ['grpc'],
    openLoop: false,
    outside: { language: 'C', reads: 'the HTTP status only (a gRPC error in the trailers would count as a success)' },
    evenStreams: true,
  },
};

export const LOAD_ENGINES = Object.keys(LOAD_ENGINE_INFO) as readonly LoadEngine[];
/** What a level runs on unless told otherwise. */
export const DEFAULT_LOAD_ENGINE: LoadEngine = 'wirebench';

/** The outside program an engine is (ghz, h2load), or null for our own generators. */
export function outsideProgram(engine: LoadEngine | undefined): LoadEngineInfo['outside'] | null {
  return engine === undefined ? null : (LOAD_ENGINE_INFO[engine].outside ?? null);
}

/** The engine a level names when it is not the default one (titles and labels tag those), else null. */
export function nonDefaultEngine(engine: LoadEngine | undefined): LoadEngine | null {
  return engine === undefined || engine === DEFAULT_LOAD_ENGINE ? null : engine;
}
