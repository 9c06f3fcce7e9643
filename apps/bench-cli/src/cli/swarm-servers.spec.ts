import { RUN_LABEL } from '@app/load';
import { configVariablesSet, serverServiceArgs } from './swarm-servers';

describe('servers as swarm services', () => {
  it(
    "a service is one replica of the image's app on the host network, never restarted, labelled with the run, " +
      'placed by the constraints',
    () => {
      const args = serverServiceArgs({
        name: 'wirebench-srv-r1-grpc-server',
        runId: 'r1',
        image: 'wirebench:local',
        app: 'grpc-server',
        constraints: ['node.hostname==db1'],
        env: { GRPC_SERVER_PORT: '4002' },
      });
      expect(args.slice(0, 2)).toEqual(['service', 'create']);
      expect(args.slice(-2)).toEqual(['wirebench:local', 'grpc-server']);
      const pairs = (flag: string) => args.flatMap((a, i) => (a === flag ? [args[i + 1]] : []));
      expect(pairs('--replicas')).toEqual(['1']);
      expect(pairs('--restart-condition')).toEqual(['none']);
      expect(pairs('--network')).toEqual(['host']);
      expect(pairs('--constraint')).toEqual(['node.hostname==db1']);
      expect(pairs('--label')).toEqual([`${RUN_LABEL}=r1`]);
      expect(pairs('--container-label')).toEqual([`${RUN_LABEL}=r1`]);
      expect(pairs('--env')).toEqual(['GRPC_SERVER_PORT=4002']);
    },
  );

  it('passes on the configuration variables that are set, and nothing else of this environment', () => {
    const env = {
      GRPC_SERVER_PORT: '4002',
      JSON_SERVER_HOST: '0.0.0.0',
      MAX_ROWS: '5000',
      PATH: '/usr/bin',
      HOME: '/root',
      SOMETHING_ELSE: 'x',
    };
    const passed = configVariablesSet(env);
    expect(passed).toMatchObject({ GRPC_SERVER_PORT: '4002', JSON_SERVER_HOST: '0.0.0.0', MAX_ROWS: '5000' });
    expect(passed).not.toHaveProperty('PATH');
    expect(passed).not.toHaveProperty('HOME');
    expect(passed).not.toHaveProperty('SOMETHING_ELSE');
  });
});
