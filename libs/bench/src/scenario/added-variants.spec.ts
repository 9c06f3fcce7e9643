import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADDED_VARIANTS_VARIABLE, AddedVariantsError, readAddedVariants } from './added-variants';
import { VARIANTS } from './variants';

describe('readAddedVariants (WIREBENCH_VARIANTS)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wirebench-added-variants-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** The variants a file of `content` adds to the built-in registry. */
  const added = (content: unknown) => {
    const file = join(dir, 'variants.json');
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    return readAddedVariants(VARIANTS, { [ADDED_VARIANTS_VARIABLE]: file });
  };

  it('adds nothing when the variable is unset or empty', () => {
    expect(readAddedVariants(VARIANTS, {})).toEqual({});
    expect(readAddedVariants(VARIANTS, { [ADDED_VARIANTS_VARIABLE]: ' ' })).toEqual({});
  });

  it('builds an entry like its model: its client and knobs, what the entry changes, no load unless given', () => {
    const variants = added({
      'json-fastify-undici': {
        like: 'json-undici',
        address: 'fastifyJsonUrl',
        baseline: 'json-fastify',
        changes: 'undici against the Fastify server',
      },
      'json-h2-like': { like: 'json', address: 'h2JsonUrl', changes: 'axios against the h2c server' },
      'grpc-sliced-es': {
        like: 'grpc-sliced',
        serializer: 'protobuf-es',
        factor: 'serializer',
        changes: 'protobuf-es',
      },
    });
    expect(variants['json-fastify-undici']).toEqual({
      like: 'json-undici',
      family: 'json',
      address: 'fastifyJsonUrl',
      server: 'json-server',
      baseline: 'json-fastify',
      factor: 'client library',
      changes: 'undici against the Fastify server',
    });
    expect(variants['json-h2-like']).toMatchObject({ like: 'json', address: 'h2JsonUrl', server: 'json-server' });
    expect(variants['grpc-sliced-es']).toMatchObject({
      like: 'grpc-sliced',
      family: 'grpc',
      baseline: 'grpc-sliced',
      factor: 'serializer',
      serializer: 'protobuf-es',
      sliceRows: VARIANTS['grpc-sliced'].sliceRows,
      oneConnection: true,
    });
    // grpc is a load variant; a variant built like it is one only when its entry says where load goes.
    expect(added({ x: { like: 'grpc', changes: 'c' } }).x.load).toBeUndefined();
    const bare = added({
      'grpc-bare-server': {
        like: 'grpc',
        address: 'bareGrpcAddress',
        factor: 'server framework',
        changes: 'c',
        load: { transport: 'grpc', target: 'bare' },
      },
    });
    expect(bare['grpc-bare-server']).toMatchObject({
      address: 'bareGrpcAddress',
      server: 'grpc-server',
      load: { transport: 'grpc', target: 'bare' },
    });
  });

  it('lets a later entry name an earlier one as its baseline', () => {
    const variants = added({
      'a-one': { like: 'json', changes: 'one' },
      'a-two': { like: 'json', baseline: 'a-one', changes: 'two' },
    });
    expect(variants['a-two'].baseline).toBe('a-one');
  });

  it.each([
    ['not JSON', '{', /WIREBENCH_VARIANTS \(.*variants\.json\): cannot be read as JSON/],
    ['not an object', '[1]', /must be a JSON object of variants by name/],
    ['a built-in name', { json: { like: 'json', changes: 'c' } }, /variant "json": is already a variant/],
    ['a name with a plus', { 'json+x': { like: 'json', changes: 'c' } }, /variant "json\+x": a name is lower-case/],
    [
      'an unknown model',
      { x: { like: 'soap', changes: 'c' } },
      /variant "x": "like" must be one of json, grpc, .*got "soap"/,
    ],
    ['a +gzip model', { x: { like: 'json+gzip', changes: 'c' } }, /"like" must be one of/],
    ['no changes', { x: { like: 'json' } }, /variant "x": "changes" must say what it changes/],
    ['an unknown field', { x: { like: 'json', changes: 'c', port: 1 } }, /has no field "port"; an entry sets like, /],
    ['an unknown factor', { x: { like: 'json', changes: 'c', factor: 'luck' } }, /"factor" must be one of/],
    ['the client as server', { x: { like: 'json', changes: 'c', address: 'clientUrl' } }, /"address" must be one of/],
    ['a JSON serializer on gRPC', { x: { like: 'grpc', changes: 'c', serializer: 'json-stringify' } }, /"serializer"/],
    ['an unknown baseline', { x: { like: 'json', changes: 'c', baseline: 'y' } }, /"baseline" must be one of/],
    [
      'a load target another variant has',
      { x: { like: 'json', changes: 'c', load: { transport: 'json', target: 'fastify' } } },
      /"load": json on target fastify is json-fastify's already; load mode loads a server once/,
    ],
    [
      'an unknown load target',
      { x: { like: 'json', changes: 'c', load: { transport: 'json', target: 'moon' } } },
      /"load.target" must be one of nest, bare, fastify, connect, connect-bare, go, got "moon"/,
    ],
  ])('refuses %s with one line naming the file and the fix', (_what, content, message) => {
    let thrown: unknown;
    try {
      added(content);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AddedVariantsError);
    expect((thrown as Error).message).toMatch(message);
    // Thrown while modules load, Node prints its stack: the message, not a trace through the loader.
    expect((thrown as Error).stack).toBe(`AddedVariantsError: ${(thrown as Error).message}`);
  });

  it('refuses a file that is not there, naming it', () => {
    expect(() => readAddedVariants(VARIANTS, { [ADDED_VARIANTS_VARIABLE]: join(dir, 'nope.json') })).toThrow(
      /nope\.json\): cannot be read as JSON: ENOENT/,
    );
  });
});
