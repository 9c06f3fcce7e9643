import { getShape, shapeNames } from '@app/shapes';
import { RequestMethod } from '@nestjs/common';
import { MODULE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { loadConfig } from '@app/config';
import { ClientModule } from '../client.module';
import { ENDPOINT_PARAMETERS } from '../bench/endpoint-parameters';
import { endpointIndex, NO_SAVED_FILE } from './endpoint-index';

type Class = new (...args: never[]) => unknown;

/** Every controller the client module registers, its own and those of the modules it imports. */
function controllersOf(module: { controllers?: Class[]; imports?: unknown[] }): Class[] {
  const imported = (module.imports ?? []).flatMap((m) => {
    if (typeof m !== 'function') return controllersOf(m as { controllers?: Class[]; imports?: unknown[] });
    return controllersOf({
      controllers: Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, m),
      imports: Reflect.getMetadata(MODULE_METADATA.IMPORTS, m),
    });
  });
  return [...(module.controllers ?? []), ...imported];
}

const asList = (paths: string | string[] | undefined): string[] => (Array.isArray(paths) ? paths : [paths ?? '']);
const join = (...parts: string[]): string =>
  '/' +
  parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/');

/** "GET /client/compare" for every handler, read from Nest's route metadata, as the router will mount them. */
function declaredRoutes(): string[] {
  // A module imported in two places (ResultsModule) is one instance, its routes mounted once.
  return [...new Set(controllersOf(ClientModule.forRoot(loadConfig({}))))].flatMap((controller) => {
    const prefixes = asList(Reflect.getMetadata(PATH_METADATA, controller));
    const proto = controller.prototype as Record<string, unknown>;
    return Object.getOwnPropertyNames(proto)
      .map((name) => proto[name])
      .filter(
        (handler): handler is object => typeof handler === 'function' && Reflect.hasMetadata(METHOD_METADATA, handler),
      )
      .flatMap((handler) => {
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        return prefixes.flatMap((prefix) =>
          asList(Reflect.getMetadata(PATH_METADATA, handler)).map((path) => `${method} ${join(prefix, path)}`),
        );
      });
  });
}

describe('endpointIndex', () => {
  const config = loadConfig({ CLIENT_HOST: '127.0.0.1', CLIENT_PORT: '4100' });
  const savedFile = '/client/results/2026-04-01T00-00-00Z-quick/summary.csv';
  const index = endpointIndex(config, savedFile);

  it('lists every route the controllers declare, and no other', () => {
    const listed = index.endpoints.flatMap((e) => [e.path, ...e.aliases].map((path) => `${e.method} ${path}`));
    expect(declaredRoutes().length).toBeGreaterThan(10);
    expect([...listed].sort()).toEqual([...declaredRoutes()].sort());
  });

  it('builds example URLs on the configured client address, on the route they illustrate', () => {
    for (const e of index.endpoints) {
      const url = new URL(e.exampleUrl!);
      expect(url.origin).toBe('http://127.0.0.1:4100');
      const route = new RegExp('^' + e.path.replace(/:\w+/g, '[^/]+') + '$');
      expect(url.pathname).toMatch(route);
      // Only parameters the endpoint takes, so every example would pass the API's own check.
      for (const name of url.searchParams.keys()) expect(e.queryParameters).toContain(name);
    }
  });

  it('links a saved file only when one exists, and says what would make one otherwise', () => {
    const files = (i: typeof index) => i.endpoints.find((e) => e.path === '/client/results/:id/:file');
    expect(files(index)).toMatchObject({ exampleUrl: `http://127.0.0.1:4100${savedFile}`, exampleNote: null });
    const empty = endpointIndex(config, null);
    expect(files(empty)).toMatchObject({ exampleUrl: null, exampleNote: NO_SAVED_FILE });
    // Every other example works on any stack, saved runs or not.
    expect(empty.endpoints.filter((e) => e.exampleUrl === null)).toHaveLength(1);
  });

  it('gives each endpoint its query parameters and path parameters', () => {
    const compare = index.endpoints.find((e) => e.path === '/client/compare');
    expect(compare?.queryParameters).toEqual(ENDPOINT_PARAMETERS.compare);
    expect(index.endpoints.find((e) => e.path === '/client/json/single/:rows')?.pathParameters).toEqual(['rows']);
  });

  it('serves the configured limits as ranges and every variant', () => {
    expect(index.ranges.runs).toEqual({ min: 1, max: config.limits.maxRuns });
    expect(index.ranges.requests.max).toBe(config.limits.maxRequests);
    expect(index.variants.map((v) => v.name)).toEqual(expect.arrayContaining(['json', 'grpc', 'grpc-stream']));
  });

  it('lists every shape of the registry, in its order, with its description and the default marked', () => {
    expect(index.shapes).toEqual(
      shapeNames().map((name) => ({ name, description: getShape(name).description, isDefault: name === 'row' })),
    );
  });
});
