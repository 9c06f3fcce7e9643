import * as grpc from '@grpc/grpc-js';
import { checksum } from '@app/data-generator';
import { loadSamplePackageDefinition } from '@app/grpc';
import { expectedDigest } from '../run/expected-digest';
import { payloadBytesOf, withPayloadByteCounts } from '../transports/measured-package-definition';
import type { Fire } from './fire.interface';
import type { LoadLevelSpec } from './load-level.interface';

/** A payload that does not verify, counted as the error kind "mismatch". */
export class MismatchError extends Error {
  readonly code = 'mismatch';
}

/**
 * gRPC requests for a load generator on plain @grpc/grpc-js (as ghz drives a server: no Nest on the generator
 * side, so the generator stays cheap). `connections` channels, each its own HTTP/2 connection; caller i uses
 * channel i mod connections. Every reply's row count is checked, and the first reply of each caller by checksum.
 */
export function grpcFire(spec: LoadLevelSpec): { fire: Fire; verified: () => boolean; close: () => void } {
  const proto = grpc.loadPackageDefinition(withPayloadByteCounts(loadSamplePackageDefinition())) as any;
  const channels: any[] = Array.from(
    { length: spec.connections },
    (_, i) =>
      new proto.sample.SampleService(spec.target.address, grpc.credentials.createInsecure(), {
        'grpc.max_receive_message_length': spec.grpcMaxMessageBytes,
        'grpc.max_send_message_length': spec.grpcMaxMessageBytes,
        // A distinct option per channel keeps grpc-js from sharing one connection between them.
        'grpc.use_local_subchannel_pool': 1,
        'wirebench.channel': i,
      }),
  );
  const expected = expectedDigest(spec.rows);
  const checked = new Set<number>();
  let ok = true;
  const fire: Fire = (caller) =>
    new Promise((resolve, reject) => {
      channels[caller % channels.length].GetSamples({ count: spec.rows }, { deadline: Date.now() + spec.timeoutMs }, (error: grpc.ServiceError | null, reply: any) => {
        if (error) return reject(error);
        if (reply.samples.length !== spec.rows) return reject(new MismatchError(`${reply.samples.length} rows, expected ${spec.rows}`));
        if (!checked.has(caller)) {
          checked.add(caller);
          if (checksum(reply.samples).checksum !== expected.checksum) {
            ok = false;
            return reject(new MismatchError('checksum'));
          }
        }
        resolve(payloadBytesOf(reply) ?? 0);
      });
    });
  return { fire, verified: () => ok && checked.size > 0, close: () => channels.forEach((c) => c.close()) };
}
