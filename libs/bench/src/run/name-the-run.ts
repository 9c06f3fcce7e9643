import { TransportError } from '../transport-contract/transport-errors';
import { PayloadMismatchError } from './payload-mismatch.error';

/**
 * Puts the run a failed request belonged to in front of the error's message. A transport's error names the server
 * it reached, and several variants reach one server (json, json-h2 and every Nest-hosted Connect variant call
 * json-server), so a failed case of a preset said "json-server at http://127.0.0.1:3022 sent a bad response" and the
 * variant had to be read off the port and the order of turns. The engine knows the run; the transport does not.
 * Errors of other kinds (a cancelled run, the client's own limits) already say what they are, and pass unchanged.
 */
export function nameTheRun(error: unknown, run: string): unknown {
  if ((error instanceof TransportError || error instanceof PayloadMismatchError) && error.run === undefined) {
    error.run = run;
    error.message = `${run}: ${error.message}`;
  }
  return error;
}
