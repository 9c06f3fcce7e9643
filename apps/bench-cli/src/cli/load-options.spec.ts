import { LOAD_COLUMNS } from '@app/printers';
import { LOAD_HELP, parseLoadOptions } from './load-options';
import { UsageError } from './usage-error';

describe('parseLoadOptions --variants', () => {
  it('takes the variants whose server differs, instead of --transport and --target', () => {
    expect(parseLoadOptions(['--variants', 'json,json-fastify,grpc']).variants).toEqual([
      'json',
      'json-fastify',
      'grpc',
    ]);
    expect(parseLoadOptions([]).variants).toBeUndefined();
    expect(parseLoadOptions(['--target', 'fastify,nest']).targets).toEqual(['fastify', 'nest']);
    expect(parseLoadOptions(['--variants', 'connect-proto,connect-grpc,connect-bare']).variants).toEqual([
      'connect-proto',
      'connect-grpc',
      'connect-bare',
    ]);
  });

  it('takes the Connect targets, and every load transport unless told', () => {
    expect(parseLoadOptions(['--target', 'connect,connect-bare']).targets).toEqual(['connect', 'connect-bare']);
    expect(parseLoadOptions([]).transports).toEqual(['json', 'grpc', 'connect']);
  });

  it.each([
    [
      ['--variants', 'json-undici'],
      new RegExp(
        String.raw`json-undici changes the client library, which load mode replaces with its own ` +
          String.raw`generator; load mode takes json, json-fastify, go-json, grpc, go-grpc, connect-proto, ` +
          String.raw`connect-grpc, connect-bare`,
      ),
    ],
    [['--variants', 'json+gzip'], /json\+gzip changes the compression, which the load generators do not drive/],
    [['--variants', 'json-gzip'], /json-gzip changes the compression, which the load generators do not drive/],
    [['--variants', 'soap'], /soap is not a variant/],
    [['--variants', 'json,json'], /without repeats/],
    [['--variants', 'json', '--target', 'bare'], /replaces --transport and --target/],
  ])('refuses %p', (argv, message) => {
    expect(() => parseLoadOptions(argv)).toThrow(UsageError);
    expect(() => parseLoadOptions(argv)).toThrow(message);
  });
});

describe('parseLoadOptions --hosts', () => {
  it('is local unless told; a second host is netns, anything else refused', () => {
    expect(parseLoadOptions([]).hosts).toBe('local');
    expect(() => parseLoadOptions(['--hosts', 'moon'])).toThrow(/--hosts must be local, netns or swarm, got "moon"/);
  });

  it('swarm takes --per-node and --image, which mean nothing without it', () => {
    expect(parseLoadOptions(['--hosts', 'swarm', '--per-node', '2', '--image', 'wb:1'])).toMatchObject({
      hosts: 'swarm',
      perNode: 2,
      image: 'wb:1',
    });
    expect(parseLoadOptions(['--hosts', 'swarm'])).toMatchObject({ perNode: undefined, image: undefined });
    expect(() => parseLoadOptions(['--per-node', '2'])).toThrow(
      new UsageError('--per-node places the generators of --hosts swarm: give it with --hosts swarm'),
    );
    expect(() => parseLoadOptions(['--image', 'x'])).toThrow(
      new UsageError('--image places the generators of --hosts swarm: give it with --hosts swarm'),
    );
    expect(() => parseLoadOptions(['--hosts', 'swarm', '--per-node', '0'])).toThrow(
      /--per-node must be an integer from 1 to 256, got "0"/,
    );
  });

  it("swarm places the generators by --generator-constraint, checked as the servers' one is; not without swarm", () => {
    expect(
      parseLoadOptions(['--hosts', 'swarm', '--generator-constraint', 'node.role==worker,node.labels.x!=y'])
        .generatorConstraints,
    ).toEqual(['node.role==worker', 'node.labels.x!=y']);
    expect(parseLoadOptions(['--hosts', 'swarm']).generatorConstraints).toBeUndefined();
    expect(() => parseLoadOptions(['--hosts', 'swarm', '--generator-constraint', 'worker'])).toThrow(
      new UsageError(
        '--generator-constraint: "worker" is not a Swarm placement constraint such as node.hostname==db1 or ' +
          'node.labels.role!=load',
      ),
    );
    expect(() => parseLoadOptions(['--generator-constraint', 'node.role==worker'])).toThrow(
      new UsageError('--generator-constraint places the generators of --hosts swarm: give it with --hosts swarm'),
    );
  });

  it(
    'swarm places the servers too with --swarm-servers, by --server-constraint (which implies it); neither ' +
      'without --hosts swarm',
    () => {
      expect(parseLoadOptions(['--hosts', 'swarm']).swarmServers).toBeNull();
      expect(parseLoadOptions(['--hosts', 'swarm', '--swarm-servers']).swarmServers).toEqual({ constraints: [] });
      expect(
        parseLoadOptions(['--hosts', 'swarm', '--server-constraint', 'node.hostname==db1,node.labels.role!=load'])
          .swarmServers,
      ).toEqual({ constraints: ['node.hostname==db1', 'node.labels.role!=load'] });
      expect(() => parseLoadOptions(['--swarm-servers'])).toThrow(
        new UsageError('--swarm-servers places the servers on the swarm of --hosts swarm: give it with --hosts swarm'),
      );
      expect(() => parseLoadOptions(['--hosts', 'netns', '--server-constraint', 'node.hostname==a'])).toThrow(
        /--server-constraint places the servers on the swarm of --hosts swarm/,
      );
      expect(() => parseLoadOptions(['--hosts', 'swarm', '--server-constraint', 'db1'])).toThrow(
        new UsageError(
          '--server-constraint: "db1" is not a Swarm placement constraint such as node.hostname==db1 or ' +
            'node.labels.role!=load',
        ),
      );
      expect(() => parseLoadOptions(['--hosts', 'swarm', '--server-constraint', 'node.hostname=db1'])).toThrow(
        /is not a Swarm placement constraint/,
      );
    },
  );

  it('swarm refuses what its tasks cannot do: a runtime axis, ghz, a network profile', () => {
    expect(() => parseLoadOptions(['--hosts', 'swarm', '--node', '22'])).toThrow(
      /--hosts swarm: the generator tasks run the image's Node/,
    );
    expect(() => parseLoadOptions(['--hosts', 'swarm', '--engine', 'wirebench,ghz'])).toThrow(
      /--hosts swarm: the workbench image has no ghz/,
    );
    expect(() => parseLoadOptions(['--hosts', 'swarm', '--network', 'wan'])).toThrow(
      /--hosts swarm: --network's shaping proxy listens on this machine's loopback/,
    );
  });
});

describe("load mode's words for its gRPC generator", () => {
  // It writes the HTTP/2 frames itself (libs/load/src/raw-h2-connection.ts); node:http2 was an earlier generator.
  it("say, in --help and in levels.csv's engine and transport columns, that it writes HTTP/2 frames itself", () => {
    const described = (name: string) => LOAD_COLUMNS.find((column) => column.name === name)!.description;
    for (const text of [LOAD_HELP, described('engine'), described('transport')]) {
      expect(text).toMatch(/HTTP\/2 frames/);
      expect(text).not.toMatch(/node:http2/);
    }
  });
});

describe('parseLoadOptions --shapes', () => {
  it("is the article's row unless told; a list runs each level once per shape, in its order", () => {
    expect(parseLoadOptions([]).shapes).toEqual(['row']);
    expect(parseLoadOptions(['--shapes', 'numeric,text']).shapes).toEqual(['numeric', 'text']);
    expect(LOAD_HELP).toMatch(/--shapes LIST .* row, numeric, text, nested, binary/);
  });

  it.each([
    [['--shapes', 'numeric,square'], '--shapes must list shapes from row, numeric, text, nested, binary, got "square"'],
    [['--shapes', 'text,text'], '--shapes must name each shape once, got "text,text"'],
    [['--shapes', 'row,'], '--shapes must be a comma list without empty items, got "row,"'],
    // The user's own message is the bench's (--proto); load mode has none, so `user` is not a shape here.
    [['--shapes', 'user'], '--shapes must list shapes from row, numeric, text, nested, binary, got "user"'],
  ])("refuses %p in the bench's words", (argv, message) => {
    expect(() => parseLoadOptions(argv)).toThrow(UsageError);
    expect(() => parseLoadOptions(argv)).toThrow(message);
  });
});

describe('parseLoadOptions: the runtime axis', () => {
  it('takes --node as the bench does, one round unless --rounds', () => {
    const options = parseLoadOptions(['--node', '22,current']);
    expect(options.runtimes).toEqual({
      pairs: [
        { server: '22', client: '22' },
        { server: 'current', client: 'current' },
      ],
      split: false,
      offline: false,
    });
    expect(options.rounds).toBe(1);
    expect(parseLoadOptions(['--node', '22,24', '--rounds', '3']).rounds).toBe(3);
    expect(parseLoadOptions([]).runtimes).toBeNull();
  });

  it('splits servers and generators with --server-node / --client-node, the side not given current', () => {
    expect(parseLoadOptions(['--server-node', '22,24', '--offline']).runtimes).toEqual({
      pairs: [
        { server: '22', client: 'current' },
        { server: '24', client: 'current' },
      ],
      split: true,
      offline: true,
    });
    // With ghz among the engines a client runtime still applies to the wirebench levels.
    expect(
      parseLoadOptions(['--client-node', '22', '--engine', 'wirebench,ghz', '--transport', 'grpc']).runtimes!.pairs,
    ).toEqual([{ server: 'current', client: '22' }]);
  });

  it.each([
    [['--rounds', '2'], '--rounds repeats the runtime blocks: give it with --node, --server-node or --client-node'],
    [['--node', '22', '--rounds', '0'], '--rounds must be an integer from 1 to 10, got "0"'],
    [['--offline'], '--offline is about fetching runtimes'],
    [['--node', 'lts'], "--node: node runtime 'lts': expected a major"],
    [['--node', '22', '--server-node', '24'], 'give one or the other'],
    [
      ['--client-node', '22,24', '--engine', 'ghz', '--transport', 'grpc'],
      '--client-node: the ghz engine is a Go program, it runs on no node; add --engine wirebench, or give ' +
        '--server-node alone',
    ],
    [['--client-node', '22', '--engine', 'ghz', '--transport', 'grpc'], 'the ghz engine is a Go program'],
  ])('refuses %p in one line', (argv, message) => {
    expect(() => parseLoadOptions(argv)).toThrow(UsageError);
    expect(() => parseLoadOptions(argv)).toThrow(message);
  });

  it('--help names the options', () => {
    for (const flag of ['--node LIST', '--server-node LIST', '--client-node LIST', '--offline', '--rounds N'])
      expect(LOAD_HELP).toContain(flag);
  });
});
