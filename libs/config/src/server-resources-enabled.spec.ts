import { ConfigError } from './config-error';
import { loadConfig } from './load-config';
import { serverResourcesEnabled } from './server-resources-enabled';

describe('SERVER_RESOURCES', () => {
  it('defaults to auto (on for loopback binds only) and reads from /proc when it can', () => {
    const c = loadConfig({});
    expect(c.serverResources).toBe('auto');
    expect(c.serverResourcesFrom).toBe('auto');
    expect(serverResourcesEnabled('auto', '127.0.0.1').enabled).toBe(true);
    expect(serverResourcesEnabled('auto', '::1').enabled).toBe(true);
    expect(serverResourcesEnabled('auto', '0.0.0.0')).toEqual({
      enabled: false,
      why: expect.stringMatching(/not loopback.*SERVER_RESOURCES=on/),
    });
    expect(serverResourcesEnabled('auto', '10.1.2.3').enabled).toBe(false);
  });

  it('lets on and off override the bind address', () => {
    const on = loadConfig({ SERVER_RESOURCES: 'on', SERVER_RESOURCES_FROM: 'server' });
    expect(on.serverResourcesFrom).toBe('server');
    expect(serverResourcesEnabled(on.serverResources, '0.0.0.0').enabled).toBe(true);
    expect(serverResourcesEnabled(loadConfig({ SERVER_RESOURCES: 'OFF' }).serverResources, '127.0.0.1').enabled).toBe(
      false,
    );
  });

  it('names the variable when the value is not one of its words', () => {
    expect(() => loadConfig({ SERVER_RESOURCES: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ SERVER_RESOURCES_FROM: 'remote' })).toThrow(/SERVER_RESOURCES_FROM.*auto, proc, server/);
  });
});
