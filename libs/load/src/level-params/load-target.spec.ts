// The load targets' table: where each target's transport goes, and the variants named by it.
import { loadConfig } from '@app/config';
import { LOAD_TARGETS, LOAD_VARIANTS, loadTarget, loadVariantOf, servedTransports } from './load-target';
import { TARGET_KINDS } from './validate-load-level';

const { targets } = loadConfig({});

describe('loadTarget', () => {
  it('sends the Connect targets to the Express app and the bare Connect server, gRPC to their h2c listeners', () => {
    expect(loadTarget(targets, 'connect', 'connect')).toEqual({ server: 'json-server', address: targets.jsonUrl });
    expect(loadTarget(targets, 'grpc', 'connect')).toEqual({ server: 'json-server', address: targets.h2JsonUrl });
    expect(loadTarget(targets, 'connect', 'connect-bare')).toEqual({
      server: 'bare-connect-server',
      address: targets.bareConnectUrl,
    });
    expect(loadTarget(targets, 'grpc', 'connect-bare')).toEqual({
      server: 'bare-connect-server',
      address: targets.bareConnectH2Url,
    });
    expect(loadTarget(targets, 'grpc', 'nest')).toEqual({ server: 'grpc-server', address: targets.grpcAddress });
  });

  it('refuses a transport the target does not serve, naming what it serves', () => {
    expect(() => loadTarget(targets, 'grpc', 'fastify')).toThrow('target fastify serves json only, not grpc');
    expect(() => loadTarget(targets, 'json', 'connect')).toThrow('target connect serves connect, grpc only, not json');
  });

  it('has an entry for every target kind, and each load variant is a served transport of its target', () => {
    expect(Object.keys(LOAD_TARGETS).sort()).toEqual([...TARGET_KINDS].sort());
    for (const [name, { transport, target }] of Object.entries(LOAD_VARIANTS)) {
      expect(servedTransports(target)).toContain(transport);
      expect(loadVariantOf(transport, target)).toBe(name);
    }
    expect(loadVariantOf('grpc', 'connect-bare')).toBeNull();
  });
});
