import { collectEnvironment } from './collect-environment';

describe('collectEnvironment', () => {
  it('describes this machine and the packages that shape the numbers', () => {
    const env = collectEnvironment();
    expect(env.node).toBe(process.version);
    expect(env.cpu.cores).toBeGreaterThan(0);
    expect(env.cpu.model.length).toBeGreaterThan(0);
    expect(env.packages['@grpc/grpc-js']).toMatch(/^\d+\.\d+\.\d+/);
    expect(env.packages['@nestjs/core']).toMatch(/^11\./);
    expect(env.totalMemoryBytes).toBeGreaterThan(0);
  });
});
