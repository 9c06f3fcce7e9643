// The scripts are plain CommonJS (they run before anything is built), so their types are spelled here.
interface Target {
  app: string;
  address: string;
  route: string;
  protocol: string;
}
const { targetOf, failureLine } = require('./soak-failure.js') as {
  targetOf: (ports: Record<string, number>, where: string, protocol: string, route?: string) => Target;
  failureLine: (failure: {
    kind: string;
    target: Target;
    outcome: unknown;
    afterMs: number;
    sent?: string;
    timeline?: [string, number][];
    lateMs?: number;
    detail?: string;
  }) => string;
};

const PORTS = {
  CLIENT_PORT: 4100,
  JSON_SERVER_PORT: 4101,
  GRPC_SERVER_PORT: 4102,
  BARE_CONNECT_SERVER_PORT: 4113,
  FASTIFY_JSON_SERVER_PORT: 4121,
};

describe('targetOf', () => {
  it('names the app on the port of a URL, with its path and query', () => {
    expect(
      targetOf(PORTS, 'http://127.0.0.1:4121/sample.SampleService/GetSamples', 'Connect JSON over HTTP/1.1'),
    ).toEqual({
      app: 'json-fastify-server',
      address: '127.0.0.1:4121',
      route: '/sample.SampleService/GetSamples',
      protocol: 'Connect JSON over HTTP/1.1',
    });
    expect(targetOf(PORTS, 'http://127.0.0.1:4100/client/compare?rows=3', 'HTTP/1.1').route).toBe(
      '/client/compare?rows=3',
    );
  });

  it('names the app on the port of a gRPC address, with the method given', () => {
    expect(targetOf(PORTS, '127.0.0.1:4102', 'gRPC over h2c', 'sample.SampleService/GetSamples')).toEqual({
      app: 'grpc-server',
      address: '127.0.0.1:4102',
      route: 'sample.SampleService/GetSamples',
      protocol: 'gRPC over h2c',
    });
  });

  it('says so when no app of the table listens on the port', () => {
    expect(targetOf(PORTS, 'http://127.0.0.1:9/x', 'HTTP/1.1').app).toBe('unknown app on port 9');
  });
});

describe('failureLine', () => {
  const target = targetOf(PORTS, 'http://127.0.0.1:4113/sample.SampleService/GetSamples', 'Connect JSON over HTTP/1.1');

  it('says the target, the outcome and when, what was sent, the timeline, and how late the probe itself ran', () => {
    const line = failureLine({
      kind: '200 MiB Connect body',
      target: { ...target, route: `POST ${target.route}` },
      outcome: 'error EPIPE',
      afterMs: 6945.2,
      sent: 'content-length 209,715,200; 2 MiB written',
      timeline: [
        ['connected', 1.2],
        ['no answer read: the rest begins', 6944],
        ['error EPIPE', 6945],
      ],
      lateMs: 1944,
    });
    expect(line).toBe(
      '200 MiB Connect body → bare-connect-server 127.0.0.1:4113 POST /sample.SampleService/GetSamples ' +
        '(Connect JSON over HTTP/1.1): error EPIPE after 6,945 ms; ' +
        'sent: content-length 209,715,200; 2 MiB written; ' +
        'timeline: connected at 1 ms, no answer read: the rest begins at 6,944 ms, error EPIPE at 6,945 ms; ' +
        "the probe's timer ran 1,944 ms late (its own event loop was busy)",
    );
  });

  it('leaves out what a call did not record, and a timer that ran on time', () => {
    expect(
      failureLine({
        kind: 'json server at MAX_ROWS',
        target,
        outcome: 502,
        afterMs: 12,
        lateMs: 3,
        detail: 'Bad Gateway',
      }),
    ).toBe(
      'json server at MAX_ROWS → bare-connect-server 127.0.0.1:4113 /sample.SampleService/GetSamples (Connect ' +
        'JSON over HTTP/1.1): 502 after 12 ms; Bad Gateway',
    );
  });
});
