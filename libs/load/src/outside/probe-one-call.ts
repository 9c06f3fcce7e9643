import { grpcH2Fire } from '../grpc-h2-fire';
import type { LoadLevelSpec } from '../load-level.interface';

/**
 * One verified call through the project's own generator, before an outside program's level: ghz and h2load do not
 * check replies, so this one does (row count and checksum), and its size stands for every reply's.
 */
export async function probeOneCall(spec: LoadLevelSpec): Promise<{ verified: boolean; messageBytes: number }> {
  const requests = grpcH2Fire({ ...spec, connections: 1 });
  try {
    const messageBytes = await requests.fire(0);
    return { verified: requests.verified(), messageBytes };
  } catch {
    return { verified: false, messageBytes: 0 };
  } finally {
    requests.close();
  }
}
