import { loadConfig } from '@app/config';
import { errorOf, ScenarioValidationError } from '@app/bench';
import { LOAD_DEFAULTS, validateLoadLevel } from './validate-load-level';

const { loadLimits, endpointLoadLimits } = loadConfig({});

describe('validateLoadLevel', () => {
  it('applies the caller defaults: one socket per HTTP caller, one channel for gRPC', () => {
    expect(validateLoadLevel({}, loadLimits, 1000, LOAD_DEFAULTS.cli)).toEqual({
      transport: 'json',
      targetKind: 'nest',
      rows: 1,
      concurrency: 10,
      connections: 10,
      durationMs: 10_000,
      requests: undefined,
      warmupMs: 2000,
      rate: undefined,
      timeoutMs: 10_000,
      generators: 1,
      engine: 'wirebench',
      shape: 'row',
    });
    expect(
      validateLoadLevel({ transport: 'grpc', concurrency: '50', target: 'bare' }, loadLimits, 1000, LOAD_DEFAULTS.cli),
    ).toMatchObject({ connections: 1, concurrency: 50, targetKind: 'bare' });
    expect(validateLoadLevel({ target: 'fastify' }, loadLimits, 1000, LOAD_DEFAULTS.cli)).toMatchObject({
      transport: 'json',
      targetKind: 'fastify',
    });
  });

  it.each([
    [{ concurrency: '0' }, 'concurrency'],
    [{ concurrency: '1e3' }, 'concurrency'],
    [{ duration: '31' }, 'duration'],
    [{ rows: '1001' }, 'rows'],
    [{ transport: 'soap' }, 'transport'],
    // The Connect protocol is served by the Connect targets only; plain JSON not by them.
    [{ transport: 'connect' }, 'target'],
    [{ transport: 'connect', target: 'bare' }, 'target'],
    [{ transport: 'json', target: 'connect' }, 'target'],
    [{ transport: 'connect', target: 'connect', concurrency: '10', connections: '4' }, 'connections'],
    [{ engine: 'ghz', transport: 'grpc', target: 'connect' }, 'engine'],
    [{ target: 'express' }, 'target'],
    [{ concurrency: '10', connections: '11' }, 'connections'],
    [{ concurrency: '10', connections: '4' }, 'connections'],
    [{ concurrency: '10', generators: '3' }, 'connections'],
    [{ concurrency: '2', generators: '3' }, 'generators'],
    [{ duration: '1', requests: '5' }, 'duration'],
    [{ engine: 'k6' }, 'engine'],
    [{ transport: 'grpc', target: 'fastify' }, 'target'],
    [{ engine: 'ghz' }, 'engine'],
    [{ engine: 'ghz', transport: 'grpc', rate: '100' }, 'engine'],
    [{ engine: 'h2load' }, 'engine'],
    [{ engine: 'h2load', transport: 'grpc', rate: '100' }, 'engine'],
    // h2load keeps the same number of streams on each of its connections.
    [{ engine: 'h2load', transport: 'grpc', concurrency: '10', connections: '4' }, 'connections'],
  ])('rejects %j, naming %s', (input, parameter) => {
    const error = errorOf(() => validateLoadLevel(input, endpointLoadLimits, 1000, LOAD_DEFAULTS.endpoint));
    expect(error).toBeInstanceOf(ScenarioValidationError);
    expect(error.parameter).toBe(parameter);
  });

  it("runs h2load's gRPC levels with concurrency / connections streams on each, naming the engine when uneven", () => {
    expect(
      validateLoadLevel(
        { engine: 'h2load', transport: 'grpc', target: 'bare', concurrency: '50', connections: '5' },
        loadLimits,
        1000,
        LOAD_DEFAULTS.cli,
      ),
    ).toMatchObject({ engine: 'h2load', concurrency: 50, connections: 5 });
    const error = errorOf(() =>
      validateLoadLevel(
        { engine: 'h2load', transport: 'grpc', concurrency: '10', connections: '4' },
        loadLimits,
        1000,
        LOAD_DEFAULTS.cli,
      ),
    );
    expect(error.message).toBe(
      'engine h2load: concurrency 10 is not a multiple of connections 4: callers are spread evenly over sockets and ' +
        'generators',
    );
  });

  it('serves the Connect targets: the Connect protocol over HTTP/1.1 sockets by default, gRPC on channels', () => {
    expect(
      validateLoadLevel({ target: 'connect', concurrency: '50' }, loadLimits, 1000, LOAD_DEFAULTS.cli),
    ).toMatchObject({ transport: 'connect', targetKind: 'connect', connections: 50 });
    expect(
      validateLoadLevel({ target: 'connect-bare', transport: 'grpc' }, loadLimits, 1000, LOAD_DEFAULTS.cli),
    ).toMatchObject({ transport: 'grpc', targetKind: 'connect-bare', connections: 1 });
    const error = errorOf(() =>
      validateLoadLevel({ transport: 'json', target: 'connect' }, loadLimits, 1000, LOAD_DEFAULTS.cli),
    );
    expect(error.message).toBe(
      'target connect serves transport connect, grpc only; transport json is served by target nest, bare, fastify, go',
    );
  });

  it('lets gRPC callers share channels unevenly and the open loop ignore the HTTP split', () => {
    expect(
      validateLoadLevel({ transport: 'grpc', concurrency: '10', connections: '3' }, loadLimits, 1, LOAD_DEFAULTS.cli)
        .connections,
    ).toBe(3);
    expect(
      validateLoadLevel({ concurrency: '10', connections: '3', rate: '100' }, loadLimits, 1, LOAD_DEFAULTS.cli).rate,
    ).toBe(100);
  });

  it('keeps each generator process within its open-files limit: past it, more generators or fewer connections', () => {
    const limits = loadConfig({}, 256).endpointLoadLimits;
    expect(limits.maxGeneratorSockets).toBe(128);
    const error = errorOf(() => validateLoadLevel({ concurrency: '300' }, limits, 1000, LOAD_DEFAULTS.endpoint));
    expect(error).toMatchObject({ parameter: 'connections', limit: { min: 1, max: 128 } });
    expect(error.message).toContain(
      '300 sockets each, more than one may open (128, from the open-files limit): use generators=3 or more',
    );
    // Shared by three generators, 100 sockets each fit.
    expect(
      validateLoadLevel({ concurrency: '300', generators: '3' }, limits, 1000, LOAD_DEFAULTS.endpoint),
    ).toMatchObject({ connections: 300, generators: 3 });
    expect(
      validateLoadLevel({ concurrency: '300', connections: '100' }, limits, 1000, LOAD_DEFAULTS.endpoint).connections,
    ).toBe(100);
  });

  it('takes a shape of the registry (absent: row) and refuses any other, listing the valid ones', () => {
    expect(validateLoadLevel({ shape: 'numeric', transport: 'grpc' }, loadLimits, 1000, LOAD_DEFAULTS.cli).shape).toBe(
      'numeric',
    );
    const error = errorOf(() => validateLoadLevel({ shape: 'square' }, loadLimits, 1000, LOAD_DEFAULTS.cli));
    expect(error).toBeInstanceOf(ScenarioValidationError);
    expect(error.parameter).toBe('shape');
    expect(error.message).toBe('unknown shape "square": valid shapes are row, numeric, text, nested, binary');
  });
});
