import { execFile } from 'node:child_process';

/** The docker client on PATH; every call names the daemon it talks to the usual way (DOCKER_HOST, context). */
export const DOCKER = process.env.DOCKER_BINARY ?? 'docker';

export interface DockerOutput {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * One docker command, bounded in time. In a process group of its own: a Ctrl-C at the terminal goes to the CLI's
 * group, and must not kill the very commands that remove the job after it.
 */
export function docker(args: string[], timeoutMs = 30_000): Promise<DockerOutput> {
  return new Promise((resolve) => {
    execFile(
      DOCKER,
      args,
      { timeout: timeoutMs, maxBuffer: 256 * 1024 * 1024, detached: true } as never,
      (error, stdout, stderr) => {
        const code = error
          ? typeof (error as { code?: unknown }).code === 'number'
            ? (error as { code: number }).code
            : 127
          : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr || (error && !stderr ? error.message : '')) });
      },
    );
  });
}

/** As docker(), but a non-zero exit is an error naming the command and docker's last line. */
export async function dockerOk(args: string[], timeoutMs?: number): Promise<string> {
  const out = await docker(args, timeoutMs);
  if (out.code !== 0)
    throw new Error(
      `docker ${args.slice(0, 2).join(' ')} failed: ${out.stderr.trim().split('\n').pop() ?? `exit ${out.code}`}`,
    );
  return out.stdout;
}
