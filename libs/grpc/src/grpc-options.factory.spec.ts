import { Transport } from '@nestjs/microservices';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadSamplePackageDefinition, sampleGrpcOptions } from './grpc-options.factory';
import { resolveProtoPath } from './proto-path';
import { replyPhases } from './reply-phases';
import { samplesReply } from './samples-reply';
import { serverTimingInterceptor } from './server-timing.interceptor';

describe('sampleGrpcOptions', () => {
  it('uses the sample package and the same limit for sending and receiving', () => {
    const { transport, options } = sampleGrpcOptions({ url: '127.0.0.1:1234', maxMessageBytes: 123_456_789 });
    expect(transport).toBe(Transport.GRPC);
    expect(options).toMatchObject({ package: 'sample', url: '127.0.0.1:1234', maxSendMessageLength: 123_456_789, maxReceiveMessageLength: 123_456_789 });
  });

  it('gives servers the server-timing interceptor and timed serializers, clients only the interceptors they pass', () => {
    const server = sampleGrpcOptions({ side: 'server', url: 'x:1', maxMessageBytes: 5_000_000 }).options as Record<string, any>;
    expect(server.channelOptions.interceptors).toEqual([serverTimingInterceptor]);
    const serialize = server.packageDefinition['sample.SampleService'].GetSamples.responseSerialize;
    const reply = samplesReply(3, null);
    serialize(reply);
    expect(replyPhases(reply)!.serializeMs).toBeGreaterThanOrEqual(0);

    const plain = sampleGrpcOptions({ url: 'x:1', maxMessageBytes: 5_000_000 }).options as Record<string, any>;
    expect(plain.channelOptions).toBeUndefined();
    const untimed = samplesReply(3, null);
    plain.packageDefinition['sample.SampleService'].GetSamples.responseSerialize(untimed);
    expect(replyPhases(untimed)!.serializeMs).toBeUndefined();
    const clientInterceptor = (options: any, next: any) => next(options);
    expect((sampleGrpcOptions({ url: 'x:1', maxMessageBytes: 5_000_000, interceptors: [clientInterceptor] }).options as any).channelOptions).toEqual({ interceptors: [clientInterceptor] });
  });

  it('loads the contract from proto/ with its service and method', () => {
    const pkg = loadSamplePackageDefinition() as Record<string, any>;
    expect(Object.keys(pkg['sample.SampleService'])).toEqual(['GetSamples', 'StreamSamples']);
    expect(pkg['sample.SampleService'].GetSamples.path).toBe('/sample.SampleService/GetSamples');
    expect(pkg['sample.SampleService'].StreamSamples).toMatchObject({ path: '/sample.SampleService/StreamSamples', requestStream: false, responseStream: true });
  });

  it('decodes zero values (row 0) thanks to defaults: true', () => {
    const method = (loadSamplePackageDefinition() as Record<string, any>)['sample.SampleService'].GetSamples;
    const bytes = method.responseSerialize({ samples: [{ rowNum: 0, columnA: '' }] });
    expect(method.responseDeserialize(bytes).samples[0]).toMatchObject({ rowNum: 0, columnA: '', columnJ: '' });
  });

  it('finds the root proto/ from any folder below it, and says so when there is none', () => {
    const root = join(__dirname, '..', '..', '..');
    expect(resolveProtoPath(join(root, 'dist', 'apps', 'client', 'apps', 'client', 'src'))).toBe(join(root, 'proto', 'sample.proto'));
    expect(existsSync(resolveProtoPath())).toBe(true);
    expect(() => resolveProtoPath('/')).toThrow(/cannot find proto/);
  });
});
