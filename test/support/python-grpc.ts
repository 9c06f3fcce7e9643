import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './app-process';

/** The virtual environment `npm run setup:python-grpc` makes (PYTHON_GRPC_VENV moves it), or why there is none. */
export function findPythonGrpc(): { python?: string; reason: string } {
  const venv = process.env.PYTHON_GRPC_VENV ?? join(ROOT, '.cache', 'python-grpc');
  const python = join(venv, 'bin', 'python');
  try {
    accessSync(python, constants.X_OK);
    accessSync(join(venv, 'requirements.txt'), constants.R_OK);
    return { python, reason: '' };
  } catch {
    return { reason: `no Python gRPC environment at ${venv}; run "npm run setup:python-grpc"` };
  }
}

/** What scripts/python-grpc/fetch_rows.py printed: the replies' rows by Google's json_format, and how many messages. */
export interface PythonFetch {
  [rowsField: string]: unknown;
  messages: number;
}

/** One call from the Python client generated from proto/: unary, or a stream of `count` rows from `offset`. */
export function pythonFetch(
  python: string,
  address: string,
  service: string,
  method: string,
  count: number,
  stream?: { chunkRows: number; offset: number },
): Promise<PythonFetch> {
  const args = [join(ROOT, 'scripts', 'python-grpc', 'fetch_rows.py'), address, service, method, String(count)];
  if (stream) args.push('--stream', String(stream.chunkRows), String(stream.offset));
  return new Promise((resolve, reject) =>
    execFile(python, args, { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      error
        ? reject(new Error(`fetch_rows.py ${args.slice(1).join(' ')} failed: ${stderr || error.message}`))
        : resolve(JSON.parse(stdout) as PythonFetch),
    ),
  );
}
