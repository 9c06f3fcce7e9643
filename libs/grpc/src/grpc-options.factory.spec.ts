import { Transport } from '@nestjs/microservices';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadSamplePackageDefinition, sampleGrpcOptions } from './grpc-options.factory';
import { resolveProtoPath } from './proto-path';
import { replyPhases } from './reply-phases';
import { samplesReply } from './samples-reply';
import { serverTimingInterceptor } from './server-timing.interceptor';
import { strictFramingInterceptor } from './strict-framing.interceptor';
import { grpcServerOptions } from './grpc-server-options';
import { invalidRequestProblem } from './invalid-request';
import { InflightBudget } from '@app/serving';

const timeouts = { handshakeMs: 1, idleMs: 2, keepaliveTimeMs: 3, keepaliveTimeoutMs: 4 };
const budget = new InflightBudget(1 << 20);

describe('sampleGrpcOptions', () => {
  it('uses the sample package and the same limit for sending and receiving', () => {
    const { transport, options } = sampleGrpcOptions({ url: '127.0.0.1:1234', maxMessageBytes: 123_456_789 });
    expect(transport).toBe(Transport.GRPC);
    expect(options).toMatchObject({
      package: ['sample', 'wirebench.shapes'],
      url: '127.0.0.1:1234',
      maxSendMessageLength: 123_456_789,
      maxReceiveMessageLength: 123_456_789,
    });
  });

  it(
    'gives servers the options both gRPC servers share, timed serializers and strict request decoding, ' +
      'clients only the interceptors they pass',
    () => {
      const server = sampleGrpcOptions({
        side: 'server',
        url: 'x:1',
        maxMessageBytes: 5_000_000,
        maxRequestBytes: 2048,
        serverTimeouts: timeouts,
        budget,
      }).options as Record<string, any>;
      // The request-budget interceptor is made for its budget: compared by place, not by identity.
      const { interceptors, ...rest } = server.channelOptions;
      const { interceptors: bareInterceptors, ...bareRest } = grpcServerOptions({
        maxMessageBytes: 5_000_000,
        maxRequestBytes: 2048,
        timeouts,
        budget,
      }) as Record<string, any>;
      expect(rest).toEqual(bareRest);
      expect(interceptors).toHaveLength(bareInterceptors.length);
      // Replies as large as the clients take; requests no larger than MAX_REQUEST_BYTES.
      expect(server.maxReceiveMessageLength).toBe(2048);
      expect(rest).toEqual({
        'grpc.max_send_message_length': 5_000_000,
        'grpc.max_receive_message_length': 2048,
        'grpc.max_connection_idle_ms': 2,
        'grpc.keepalive_time_ms': 3,
        'grpc.keepalive_timeout_ms': 4,
      });
      // Framing first (it refuses bad framing before anything else sees it), then the request budget, then timing.
      expect(interceptors).toEqual([strictFramingInterceptor, expect.any(Function), serverTimingInterceptor]);
      const tooBig = Buffer.from([0x08, 0x85, 0x80, 0x80, 0x80, 0x10]);
      expect(
        invalidRequestProblem(server.packageDefinition['sample.SampleService'].GetSamples.requestDeserialize(tooBig)),
      ).toBe('count: 4294967301 is outside int32 (varint on the wire)');
      expect(() => sampleGrpcOptions({ side: 'server', url: 'x:1', maxMessageBytes: 5_000_000 })).toThrow(
        /serverTimeouts/,
      );
      expect(() =>
        sampleGrpcOptions({ side: 'server', url: 'x:1', maxMessageBytes: 5_000_000, serverTimeouts: timeouts }),
      ).toThrow(/maxRequestBytes/);
      expect(() =>
        sampleGrpcOptions({
          side: 'server',
          url: 'x:1',
          maxMessageBytes: 5_000_000,
          serverTimeouts: timeouts,
          maxRequestBytes: 2048,
        }),
      ).toThrow(/budget/);
      const serialize = server.packageDefinition['sample.SampleService'].GetSamples.responseSerialize;
      const reply = samplesReply(3, null);
      serialize(reply);
      expect(replyPhases(reply)!.serializeMs).toBeGreaterThanOrEqual(0);

      const plain = sampleGrpcOptions({ url: 'x:1', maxMessageBytes: 5_000_000 }).options as Record<string, any>;
      // Each client its own connection (OWN_CONNECTION_OPTION), and nothing else unless asked.
      expect(plain.channelOptions).toEqual({ 'grpc.use_local_subchannel_pool': 1 });
      const untimed = samplesReply(3, null);
      plain.packageDefinition['sample.SampleService'].GetSamples.responseSerialize(untimed);
      expect(replyPhases(untimed)!.serializeMs).toBeUndefined();
      const clientInterceptor = (options: any, next: any) => next(options);
      expect(
        (
          sampleGrpcOptions({ url: 'x:1', maxMessageBytes: 5_000_000, interceptors: [clientInterceptor] })
            .options as any
        ).channelOptions,
      ).toEqual({ 'grpc.use_local_subchannel_pool': 1, interceptors: [clientInterceptor] });
    },
  );

  it('loads the contract from proto/ with its service and method', () => {
    const pkg = loadSamplePackageDefinition() as Record<string, any>;
    expect(Object.keys(pkg['sample.SampleService'])).toEqual(['GetSamples', 'StreamSamples']);
    expect(pkg['sample.SampleService'].GetSamples.path).toBe('/sample.SampleService/GetSamples');
    expect(pkg['sample.SampleService'].StreamSamples).toMatchObject({
      path: '/sample.SampleService/StreamSamples',
      requestStream: false,
      responseStream: true,
    });
  });

  it('decodes zero values (row 0) thanks to defaults: true', () => {
    const method = (loadSamplePackageDefinition() as Record<string, any>)['sample.SampleService'].GetSamples;
    const bytes = method.responseSerialize({ samples: [{ rowNum: 0, columnA: '' }] });
    expect(method.responseDeserialize(bytes).samples[0]).toMatchObject({ rowNum: 0, columnA: '', columnJ: '' });
  });

  it('finds the root proto/ from any folder below it, and says so when there is none', () => {
    const root = join(__dirname, '..', '..', '..');
    expect(resolveProtoPath(join(root, 'dist', 'apps', 'client', 'apps', 'client', 'src'))).toBe(
      join(root, 'proto', 'sample.proto'),
    );
    expect(existsSync(resolveProtoPath())).toBe(true);
    expect(() => resolveProtoPath('/')).toThrow(/cannot find proto/);
  });
});
