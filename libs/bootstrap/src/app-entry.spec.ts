import { join } from 'node:path';
import { appEntry, SERVING_APP_NAMES } from './app-entry';

describe('appEntry', () => {
  it("spells each app's built main, and the JSON server's Fastify and h2c instances as its other entries", () => {
    const dist = (...p: string[]) => join('/r', 'dist', 'apps', ...p);
    expect(appEntry('json-server', undefined, '/r')).toBe(dist('json-server', 'apps', 'json-server', 'src', 'main.js'));
    expect(appEntry('json-fastify-server', undefined, '/r')).toBe(
      dist('json-server', 'apps', 'json-server', 'src', 'main-fastify.js'),
    );
    expect(appEntry('json-h2-server', undefined, '/r')).toBe(
      dist('json-server', 'apps', 'json-server', 'src', 'main-h2.js'),
    );
    expect(appEntry('bench-cli', 'load-main.js', '/r')).toBe(
      dist('bench-cli', 'apps', 'bench-cli', 'src', 'load-main.js'),
    );
    expect(SERVING_APP_NAMES).not.toContain('bench-cli');
    expect(SERVING_APP_NAMES).toEqual(expect.arrayContaining(['json-server', 'json-fastify-server', 'json-h2-server']));
  });
});
