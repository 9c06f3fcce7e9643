import type { AppLauncher } from '@app/bootstrap';
import { moveToFreePorts } from './own-ports';

const answering = (apps: string[]) => ({ reachable: async () => apps }) as unknown as AppLauncher;

describe('moveToFreePorts', () => {
  it('gives every app a port of its own, all different, and says so in one line', async () => {
    const env: NodeJS.ProcessEnv = {};
    const line = await moveToFreePorts(answering(['json-server']), env);
    const ports = Object.entries(env).filter(([name]) => name.endsWith('_PORT'));
    expect(ports.map(([name]) => name)).toContain('GO_GRPC_SERVER_PORT');
    // Picked one at a time and released, two once came back the same (CLIENT_PORT and H2_JSON_SERVER_PORT).
    expect(new Set(ports.map(([, port]) => port)).size).toBe(ports.length);
    expect(line).toMatch(/^apps this run did not start answer at the configured addresses \(json-server\)/);
  });

  it('moves nothing when nothing answers, or when an address says where the apps are', async () => {
    expect(await moveToFreePorts(answering([]), {})).toBeNull();
    expect(await moveToFreePorts(answering(['json-server']), { JSON_SERVER_URL: 'http://127.0.0.1:1' })).toBeNull();
  });
});
