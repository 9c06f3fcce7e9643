import { LOAD_COLUMNS } from '@app/bench';
import { LOAD_HELP, parseLoadOptions } from './load-options';
import { UsageError } from './usage-error';

describe('parseLoadOptions --variants', () => {
  it('takes the variants whose server differs, instead of --transport and --target', () => {
    expect(parseLoadOptions(['--variants', 'json,json-fastify,grpc']).variants).toEqual(['json', 'json-fastify', 'grpc']);
    expect(parseLoadOptions([]).variants).toBeUndefined();
    expect(parseLoadOptions(['--target', 'fastify,nest']).targets).toEqual(['fastify', 'nest']);
  });

  it.each([
    [['--variants', 'json-undici'], /json-undici changes the client library, which load mode replaces with its own generator; load mode takes json, json-fastify, grpc/],
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
    expect(() => parseLoadOptions(['--hosts', 'moon'])).toThrow(/--hosts must be local or netns, got "moon"/);
  });
});

describe('load mode\'s words for its gRPC generator', () => {
  // It writes the HTTP/2 frames itself (libs/bench/src/load/raw-h2-connection.ts); node:http2 was an earlier generator.
  it('say, in --help and in levels.csv\'s engine and transport columns, that it writes HTTP/2 frames itself', () => {
    const described = (name: string) => LOAD_COLUMNS.find((column) => column.name === name)!.description;
    for (const text of [LOAD_HELP, described('engine'), described('transport')]) {
      expect(text).toMatch(/HTTP\/2 frames/);
      expect(text).not.toMatch(/node:http2/);
    }
  });
});

describe('parseLoadOptions --shapes', () => {
  it('is the article\'s row unless told; a list runs each level once per shape, in its order', () => {
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
  ])('refuses %p in the bench\'s words', (argv, message) => {
    expect(() => parseLoadOptions(argv)).toThrow(UsageError);
    expect(() => parseLoadOptions(argv)).toThrow(message);
  });
});
