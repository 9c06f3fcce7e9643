/**
 * A runtime that cannot be had or cannot run: a bad spec, a refused download, a missing or broken binary. Its message
 * is one line that starts with `node runtime <spec>:`; the CLIs print it and exit 2.
 */
export class RuntimeError extends Error {
  constructor(spec: string, problem: string) {
    super(`node runtime ${spec}: ${problem}`);
    this.name = 'RuntimeError';
  }
}
