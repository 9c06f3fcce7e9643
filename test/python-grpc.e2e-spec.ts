// Both gRPC servers from a Python client generated from proto/ by grpcio-tools, its replies printed by Google's
// json_format — the reference proto3 JSON mapping. For every shape, that JSON equals the shape's JSON form as
// libs/shapes writes it and the JSON server's reply for the same rows: the JSON side follows the mapping, and the
// contract is callable from outside the workbench.
import { getShape, protoJsonName, shapeNames, toJsonRow } from '@app/shapes';
import { AppProcess } from './support/app-process';
import { freePort } from './support/free-port';
import { findPythonGrpc, pythonFetch } from './support/python-grpc';
import { LISTENING, portsEnv } from './support/stack';

jest.setTimeout(60_000);

const python = findPythonGrpc();
if (!python.python) console.warn(`test/python-grpc.e2e-spec.ts skipped: ${python.reason}`);

const SERVERS = [
  ['grpc-server', 'GRPC_SERVER_PORT'],
  ['bare-grpc-server', 'BARE_GRPC_SERVER_PORT'],
] as const;
const ROWS = 12;
const STREAM = { chunkRows: 5, offset: 1000 };

(python.python ? describe : describe.skip)(
  `a Python grpcio client generated from proto/${python.python ? '' : ` (skipped: ${python.reason})`}`,
  () => {
    let env: Record<string, string>;
    const servers: AppProcess[] = [];

    beforeAll(async () => {
      env = await portsEnv({ BARE_GRPC_SERVER_PORT: String(await freePort()) });
      for (const [app] of SERVERS) servers.push(AppProcess.start(app, env));
      servers.push(AppProcess.start('json-server', env));
      await Promise.all(servers.map((server) => server.waitFor(LISTENING)));
    });

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
    });

    describe.each(SERVERS)('%s', (_app, portVariable) => {
      const address = () => `127.0.0.1:${env[portVariable]}`;

      describe.each(shapeNames())('shape %s', (name) => {
        const shape = getShape(name);
        const field = protoJsonName(shape.rowsField);

        it(
          `${shape.unaryMethod}: json_format of the reply is the shape's JSON form, and the JSON server's ` + `reply`,
          async () => {
            const fetched = await pythonFetch(python.python!, address(), shape.grpcService, shape.unaryMethod, ROWS);
            expect(fetched.messages).toBe(1);
            expect(fetched[field]).toEqual(shape.rows(ROWS).map((row) => toJsonRow(shape, row)));
            const query = name === 'row' ? '' : `?shape=${name}`;
            const jsonReply = await (
              await fetch(`http://127.0.0.1:${env.JSON_SERVER_PORT}/samples/${ROWS}${query}`)
            ).json();
            expect({ [field]: fetched[field] }).toEqual(jsonReply);
          },
        );

        it(`${shape.streamMethod}: ${ROWS} rows from ${STREAM.offset} in messages of ${STREAM.chunkRows}`, async () => {
          const fetched = await pythonFetch(
            python.python!,
            address(),
            shape.grpcService,
            shape.streamMethod,
            ROWS,
            STREAM,
          );
          expect(fetched.messages).toBe(Math.ceil(ROWS / STREAM.chunkRows));
          expect(fetched[field]).toEqual(shape.rows(ROWS, STREAM.offset).map((row) => toJsonRow(shape, row)));
        });
      });
    });
  },
);
