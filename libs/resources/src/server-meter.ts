import { serverResourcesEnabled, WirebenchConfig } from '@app/config';
import { ResourceMeter } from './resource-meter';

let meter: ResourceMeter | undefined;

/**
 * The process's one meter when this server may report its resources (SERVER_RESOURCES and the bind address),
 * else null: the server then registers no admin route or RPC (404 / UNIMPLEMENTED). One per process because it
 * measures the process, whichever app or platform in it answers.
 */
export function serverResourceMeter(config: WirebenchConfig, host: string): ResourceMeter | null {
  if (!serverResourcesEnabled(config.serverResources, host).enabled) return null;
  meter ??= new ResourceMeter({ workers: config.serverWorkers });
  return meter;
}
