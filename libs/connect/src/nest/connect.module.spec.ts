import { Injectable, Module, Scope } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Code, ConnectError, createClient, type HandlerContext } from '@connectrpc/connect';
import { createConnectTransport, createGrpcWebTransport } from '@connectrpc/connect-node';
import { SampleService } from '@app/codecs';
import { ConnectModule } from './connect.module';
import { ConnectService } from './connect-service.decorator';

// A provider the handler injects: its instance (not a copy, not undefined) must be the one a real call reaches.
@Injectable()
class CallLog {
  readonly counts: number[] = [];
}

@ConnectService(SampleService)
@Injectable()
class LoggingSampleHandler {
  constructor(private readonly log: CallLog) {}

  getSamples(request: { count: number }) {
    this.log.counts.push(request.count);
    return { samples: [{ rowNum: this.log.counts.length, columnA: 'injected' }] };
  }

  async *streamSamples(request: { count: number }, ctx: HandlerContext) {
    if (request.count < 0) throw new ConnectError('count must not be negative', Code.InvalidArgument);
    for (let i = 0; i < request.count && !ctx.signal.aborted; i++) yield { samples: [{ rowNum: i }] };
  }
}

@Module({ imports: [ConnectModule], providers: [CallLog, LoggingSampleHandler] })
class DiTestModule {}

const PLATFORMS = [
  ['express', () => new ExpressAdapter()],
  ['fastify', () => new FastifyAdapter()],
] as const;

describe.each(PLATFORMS)(
  'ConnectModule on %s: handlers are Nest providers, called over a real socket',
  (_name, adapter) => {
    let app: INestApplication;
    let baseUrl: string;

    beforeAll(async () => {
      app = await NestFactory.create(DiTestModule, adapter(), { logger: false, bodyParser: false });
      await app.listen(0, '127.0.0.1');
      baseUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    });
    afterAll(() => app.close());

    it('a Connect call reaches the provider Nest built, with its injected CallLog', async () => {
      const client = createClient(SampleService, createConnectTransport({ baseUrl, httpVersion: '1.1' }));
      const reply = await client.getSamples({ count: 7 });
      expect(reply.samples.map((s) => [s.rowNum, s.columnA])).toEqual([[1, 'injected']]);
      // The very instance in Nest's container saw the call.
      expect(app.get(CallLog).counts).toEqual([7]);
    });

    it(
      'Connect JSON and gRPC-Web reach the same instance; a stream is served; handler errors keep their ' + 'code',
      async () => {
        const json = createClient(
          SampleService,
          createConnectTransport({ baseUrl, httpVersion: '1.1', useBinaryFormat: false }),
        );
        const web = createClient(SampleService, createGrpcWebTransport({ baseUrl, httpVersion: '1.1' }));
        await json.getSamples({ count: 1 });
        await web.getSamples({ count: 2 });
        expect(app.get(CallLog).counts.slice(-2)).toEqual([1, 2]);
        const rows: number[] = [];
        for await (const message of web.streamSamples({ count: 3 })) rows.push(...message.samples.map((s) => s.rowNum));
        expect(rows).toEqual([0, 1, 2]);
        await expect(async () => {
          for await (const _ of json.streamSamples({ count: -1 })) void _;
        }).rejects.toMatchObject({ code: Code.InvalidArgument, rawMessage: 'count must not be negative' });
      },
    );

    it("leaves the rest of the app alone: an unknown path is still Nest's 404", async () => {
      expect((await fetch(`${baseUrl}/nowhere`)).status).toBe(404);
    });
  },
);

describe('ConnectModule start-up checks', () => {
  @ConnectService(SampleService)
  @Injectable()
  class HalfHandler {
    getSamples() {
      return { samples: [] };
    }
  }
  @Module({ imports: [ConnectModule], providers: [HalfHandler] })
  class HalfModule {}

  @ConnectService(SampleService)
  @Injectable({ scope: Scope.REQUEST })
  class PerRequestHandler {
    getSamples() {
      return { samples: [] };
    }
    streamSamples() {
      return (async function* () {})();
    }
  }
  @Module({ imports: [ConnectModule], providers: [PerRequestHandler] })
  class PerRequestModule {}

  it('a request-scoped handler fails the start, saying handlers must be singletons', async () => {
    const app = await NestFactory.create(PerRequestModule, new ExpressAdapter(), {
      logger: false,
      abortOnError: false,
    });
    await expect(app.init()).rejects.toThrow(
      'PerRequestHandler is a Connect handler but request-scoped (itself or a dependency): Connect handlers ' +
        'must be singletons',
    );
    await app.close();
  });

  it("a provider that lacks one of its service's methods fails the start, naming both", async () => {
    const app = await NestFactory.create(HalfModule, new ExpressAdapter(), { logger: false, abortOnError: false });
    await expect(app.init()).rejects.toThrow(
      'HalfHandler is the Connect handler of sample.SampleService but has no streamSamples',
    );
    await app.close();
  });
});
