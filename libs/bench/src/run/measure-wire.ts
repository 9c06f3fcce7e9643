import type { ShapeName } from '@app/shapes';
import type { VariantName } from '../scenario/variants';
import type { WireBytes } from '../result/result.interface';
import type { RowsTransport, StreamingRowsTransport } from '../transport-contract/rows-transport.interface';
import type { Plan } from './plan.interface';
import { executeRun } from './execute-run';
import type { RunProgress } from './run-progress';
import { targetHostPort } from '../resources/target-address';
import { CountingRelay } from '../wire/counting-relay';

/** Builds a transport of the same kind and client library as the measured one, pointed at another address. */
export interface RelayTransportFactory {
  create(
    variant: VariantName,
    host: string,
    port: number,
    shape: ShapeName,
  ): { transport: RowsTransport | StreamingRowsTransport; close(): Promise<void> };
}

/**
 * Bytes on the wire per request, in a pass of its own: one run of the same shape but 1 row per request through a
 * counting relay to open the same connections (HTTP/2 preface, settings) cheaply, then one counted run. Its
 * timings are thrown away. `progress` counts the counted run's rows, as a measured run's.
 */
export async function measureWire(
  plan: Plan,
  factory: RelayTransportFactory,
  progress?: RunProgress,
): Promise<WireBytes> {
  const { host, port } = targetHostPort(plan.transport.target);
  const relay = await CountingRelay.start(host, port);
  const { transport, close } = factory.create(plan.scenario.variant, '127.0.0.1', relay.port, plan.scenario.shape);
  try {
    await executeRun({ ...plan.scenario, rowsPerRequest: 1 }, transport);
    relay.reset();
    await executeRun(plan.scenario, transport, undefined, progress);
    const requests = plan.scenario.requests;
    return {
      bytesPerRequest: (relay.bytesIn + relay.bytesOut) / requests,
      bytesInPerRequest: relay.bytesIn / requests,
      bytesOutPerRequest: relay.bytesOut / requests,
    };
  } catch (error) {
    return {
      bytesPerRequest: null,
      bytesInPerRequest: null,
      bytesOutPerRequest: null,
      note: `wire bytes not measured: ${(error as Error).message}`,
    };
  } finally {
    await close();
    await relay.close();
  }
}
