import { isStreamingVariant, VARIANT_NAMES, VARIANTS } from '@app/bench';
import { shapeNames } from '@app/shapes';
import { HELP, parseOptions } from './options';
import { UsageError } from './usage-error';

describe('parseOptions', () => {
  it('defaults to the article preset, both transports, 5 runs after 2 warm-ups, a table', () => {
    expect(parseOptions([])).toMatchObject({
      preset: 'article',
      transports: ['json', 'grpc'],
      runs: 5,
      warmup: 2,
      formats: ['table'],
      label: null,
      help: false,
    });
  });

  it('reads every option', () => {
    const o = parseOptions([
      '--transport',
      'grpc',
      '--rows',
      '1,100',
      '--requests',
      '1,10',
      '--concurrency',
      '5',
      '--runs',
      '3',
      '--warmup',
      '0',
      '--out',
      '/tmp/x',
      '--format',
      'csv,md',
      '--label',
      'laptop',
    ]);
    expect(o).toMatchObject({
      preset: 'custom',
      transports: ['grpc'],
      rows: [1, 100],
      requests: [1, 10],
      concurrency: [5],
      runs: 3,
      warmup: 0,
      out: '/tmp/x',
      formats: ['csv', 'md'],
      label: 'laptop',
    });
    expect(parseOptions(['--scenarios', 'f.json']).preset).toBe('file');
    expect(parseOptions(['--help']).help).toBe(true);
  });

  it.each([
    [['--preset', 'nope']],
    [['--transport', 'json,json']],
    [['--transport', '']],
    [['--rows', '1,,2']],
    [['--rows', '0']],
    [['--runs', 'x']],
    [['--warmup', '-1']],
    [['--format', 'csv,xml']],
    [['--label', 'a\nb']],
    [['--preset', 'quick', '--scenarios', 'f.json']],
    [['--scenarios', 'f.json', '--rows', '1']],
    [['stray']],
    [['--bogus']],
  ])('refuses %p with a UsageError', (argv) => {
    expect(() => parseOptions(argv)).toThrow(UsageError);
  });

  it('takes --shapes as names of the shapes registry, each once, row by default', () => {
    expect(parseOptions([]).shapes).toEqual(['row']);
    expect(parseOptions(['--shapes', 'numeric,row,binary']).shapes).toEqual(['numeric', 'row', 'binary']);
    expect(() => parseOptions(['--shapes', 'numeric,nope'])).toThrow(
      `--shapes must list shapes from ${shapeNames().join(', ')}, got "nope"`,
    );
    expect(() => parseOptions(['--shapes', 'text,text'])).toThrow(
      '--shapes must name each shape once, got "text,text"',
    );
    expect(() => parseOptions(['--shapes', 'text,'])).toThrow(UsageError);
  });

  it('--help lists every shape of the registry', () => {
    for (const name of shapeNames()) expect(HELP).toContain(name);
  });

  it('reads a family in --transport as its baseline variant: connect is connect-proto', () => {
    expect(parseOptions(['--transport', 'json,connect']).transports).toEqual(['json', 'connect-proto']);
    expect(() => parseOptions(['--transport', 'connect-proto'])).toThrow(/--transport must list json, grpc, connect/);
  });

  it('takes --variants instead of --transport, each known and once', () => {
    expect(parseOptions(['--variants', 'json,grpc-bare,json-undici']).transports).toEqual([
      'json',
      'grpc-bare',
      'json-undici',
    ]);
    expect(() => parseOptions(['--variants', 'json,nope'])).toThrow(
      /--variants must list variants from json, grpc, json-undici, grpc-bare/,
    );
  });

  it('reads json-gzip as json+gzip (the name results record), and the two spellings as one variant', () => {
    expect(parseOptions(['--variants', 'json,json-gzip,proto-http+gzip']).transports).toEqual([
      'json',
      'json+gzip',
      'proto-http+gzip',
    ]);
    expect(() => parseOptions(['--variants', 'json+gzip,json-gzip'])).toThrow(/once/);
    expect(() => parseOptions(['--variants', 'grpc-gzip'])).toThrow(/e.g. json-gzip\), got "grpc-gzip"/);
  });

  it(
    "runs every variant of the article's families once for explain (gzip only on the baselines), 5 runs after " +
      '1 warm-up, unless told otherwise',
    () => {
      const explain = parseOptions(['--preset', 'explain']);
      expect(explain).toMatchObject({ runs: 5, warmup: 1, invocations: 2 });
      expect(explain.transports).toEqual(
        VARIANT_NAMES.filter(
          (v) =>
            VARIANTS[v].family !== 'connect' &&
            !VARIANTS[v].native &&
            !isStreamingVariant(v) &&
            (!v.includes('+') || ['json+gzip', 'grpc+gzip'].includes(v)),
        ),
      );
      expect(explain.transports.slice(0, 2)).toEqual(['json', 'grpc']);
      expect(
        parseOptions(['--preset', 'explain', '--variants', 'json,grpc', '--runs', '3', '--warmup', '0']),
      ).toMatchObject({ transports: ['json', 'grpc'], runs: 3, warmup: 0 });
      expect(parseOptions(['--preset', 'explain', '--transport', 'grpc']).transports).toEqual(['grpc']);
      expect(parseOptions(['--preset', 'batching'])).toMatchObject({
        transports: ['json', 'grpc'],
        runs: 5,
        warmup: 2,
      });
      expect(() => parseOptions(['--variants', 'json,json'])).toThrow(/once/);
      expect(() => parseOptions(['--variants', 'json', '--transport', 'grpc'])).toThrow(/alternatives/);
    },
  );

  it('takes --network as configured profile names, and the network preset brings its four', () => {
    expect(parseOptions([]).networks).toBeUndefined();
    expect(parseOptions(['--network', 'loopback']).networks).toEqual(['loopback']);
    expect(parseOptions(['--preset', 'network'])).toMatchObject({
      runs: 5,
      warmup: 1,
      invocations: 2,
      networks: ['loopback', 'lan', 'wan', 'mobile'],
    });
    expect(parseOptions(['--preset', 'network']).transports).toEqual([
      'json',
      'grpc',
      'grpc-window',
      'json-stream',
      'grpc-stream',
    ]);
    expect(() => parseOptions(['--network', 'loopback,moon'])).toThrow(
      '--network: no profile named "moon"; the profiles are loopback, lan, region, wan, mobile',
    );
  });

  it('takes --invocations from 1 to 20, 1 by default, 2 for the presets that name a faster side', () => {
    expect(parseOptions([]).invocations).toBe(1);
    expect(parseOptions(['--preset', 'batching']).invocations).toBe(1);
    expect(parseOptions(['--rows', '100', '--invocations', '3']).invocations).toBe(3);
    expect(parseOptions(['--preset', 'explain', '--invocations', '1']).invocations).toBe(1);
    for (const bad of ['0', '21', 'x', '2.5', '']) {
      expect(() => parseOptions(['--invocations', bad])).toThrow(
        `--invocations must be an integer from 1 to 20 (each starts fresh server and client processes), got "${bad}"`,
      );
    }
  });

  it('takes --disturbed-above as cores of foreign CPU, 0.2 by default, and refuses anything else', () => {
    expect(parseOptions([]).disturbedAbove).toBe(0.2);
    expect(parseOptions(['--disturbed-above', '0.5']).disturbedAbove).toBe(0.5);
    expect(parseOptions(['--disturbed-above', '1']).disturbedAbove).toBe(1);
    for (const bad of ['x', '', '0.2.1', '1e3', '-0']) {
      expect(() => parseOptions([`--disturbed-above=${bad}`])).toThrow(
        `--disturbed-above must be a number of cores >= 0, e.g. 0.2, got "${bad}"`,
      );
    }
  });

  it('takes --quiet as a switch, off by default', () => {
    expect(parseOptions([]).quiet).toBe(false);
    expect(parseOptions(['--quiet']).quiet).toBe(true);
  });

  it(
    're-runs 3 disturbed runs a scenario with --quiet unless --rerun-disturbed says otherwise, none without ' + 'it',
    () => {
      expect(parseOptions([]).rerunDisturbed).toBe(0);
      expect(parseOptions(['--quiet']).rerunDisturbed).toBe(3);
      expect(parseOptions(['--quiet', '--rerun-disturbed', '0']).rerunDisturbed).toBe(0);
      expect(parseOptions(['--quiet', '--rerun-disturbed', '20']).rerunDisturbed).toBe(20);
      expect(() => parseOptions(['--rerun-disturbed', '2'])).toThrow(
        '--rerun-disturbed applies with --quiet: give --quiet too',
      );
      expect(() => parseOptions(['--quiet', '--rerun-disturbed', '21'])).toThrow(
        '--rerun-disturbed must be an integer from 0 to 20, got "21"',
      );
      expect(() => parseOptions(['--quiet', '--rerun-disturbed', 'x'])).toThrow(
        '--rerun-disturbed must be an integer >= 0, got "x"',
      );
    },
  );

  it('refuses several invocations on netns hosts, naming the preset that asked for them', () => {
    expect(() => parseOptions(['--hosts', 'netns', '--invocations', '2'])).toThrow(
      '--hosts netns runs one invocation: give --invocations 1',
    );
    expect(() => parseOptions(['--hosts', 'netns', '--preset', 'network'])).toThrow(
      '--hosts netns runs one invocation: give --invocations 1 (the network preset defaults to 2)',
    );
    expect(parseOptions(['--hosts', 'netns', '--preset', 'network', '--invocations', '1']).invocations).toBe(1);
  });
});
