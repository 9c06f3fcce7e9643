import { DEFAULT_REGISTRY, registryUrl } from './registry-url';

describe('registryUrl', () => {
  it('takes npm_config_registry (what npm run sets) and always ends with /', () => {
    expect(registryUrl({ npm_config_registry: 'http://127.0.0.1:4873' })).toBe('http://127.0.0.1:4873/');
    expect(registryUrl({ npm_config_registry: 'https://registry.example/npm/' })).toBe('https://registry.example/npm/');
  });

  it('asks npm otherwise, which answers an http(s) URL', () => {
    const { npm_config_registry: _dropped, ...env } = process.env;
    expect(registryUrl(env)).toMatch(/^https?:\/\/.*\/$/);
    expect(DEFAULT_REGISTRY).toBe('https://registry.npmjs.org/');
  });
});
