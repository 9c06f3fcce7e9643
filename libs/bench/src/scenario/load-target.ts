import type { WirebenchConfig } from '@app/config';
import type { TargetInfo } from '../transports/rows-transport.interface';
import type { TransportKind } from './scenario.interface';
import type { TargetKind } from './validate-load-level';

/** Where a load level goes: the Nest or the bare server of a transport, at its configured address. */
export function loadTarget(targets: WirebenchConfig['targets'], transport: TransportKind, kind: TargetKind): TargetInfo {
  const address = kind === 'nest' ? (transport === 'json' ? targets.jsonUrl : targets.grpcAddress) : transport === 'json' ? targets.bareJsonUrl : targets.bareGrpcAddress;
  return { server: transport === 'json' ? 'json-server' : 'grpc-server', address };
}
