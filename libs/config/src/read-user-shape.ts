import { resolve } from 'node:path';
import { Shape, userShape, UserShapeError, UserShapeInput, UserShapeOptions } from '@app/shapes';
import { ConfigError } from './config-error';
import type { Env } from './env-readers';

/** The settings of the user's own message, by what each names. */
export const USER_SHAPE_VARIABLES: Record<UserShapeInput, string> = {
  proto: 'WIREBENCH_PROTO',
  message: 'WIREBENCH_MESSAGE',
  sample: 'WIREBENCH_SAMPLE',
  counterField: 'WIREBENCH_COUNTER_FIELD',
};

const REQUIRED: UserShapeInput[] = ['proto', 'message', 'sample'];

/**
 * The `user` shape from WIREBENCH_PROTO, WIREBENCH_MESSAGE and WIREBENCH_SAMPLE (and WIREBENCH_COUNTER_FIELD), or
 * null when none is set. Given together or not at all; the proto is loaded and the sample checked against the proto3
 * JSON mapping here, at start-up, so a sample that would change on the way stops the process with one line (exit 2).
 */
export function readUserShape(env: Env): Shape | null {
  const value = (input: UserShapeInput) => env[USER_SHAPE_VARIABLES[input]]?.trim() || undefined;
  const given = (Object.keys(USER_SHAPE_VARIABLES) as UserShapeInput[]).filter((input) => value(input) !== undefined);
  if (given.length === 0) return null;
  const missing = REQUIRED.filter((input) => value(input) === undefined).map((input) => USER_SHAPE_VARIABLES[input]);
  if (missing.length > 0) {
    const set = given.map((input) => USER_SHAPE_VARIABLES[input]).join(', ');
    throw new ConfigError(
      missing[0],
      `${set} ${given.length === 1 ? 'is' : 'are'} set without ` +
        `${missing.join(
          ', ',
        )}: the user's message needs WIREBENCH_PROTO, WIREBENCH_MESSAGE and WIREBENCH_SAMPLE together`,
    );
  }
  try {
    return userShape({
      protoFile: value('proto')!,
      message: value('message')!,
      sampleFile: value('sample')!,
      counterField: value('counterField'),
    });
  } catch (error) {
    if (!(error instanceof UserShapeError)) throw error;
    const variable = USER_SHAPE_VARIABLES[error.input];
    throw new ConfigError(variable, `invalid ${variable}: ${error.message}`);
  }
}

/**
 * What the bench CLI passes to the servers and the client it starts for `--proto --message --sample
 * [--counter-field]`: the same settings, with absolute paths (the apps may start elsewhere). The caller builds the
 * shape first with userShape (so a bad sample is refused before anything starts, naming its flag).
 */
export function userShapeEnv(options: UserShapeOptions): Record<string, string> {
  const env: Record<string, string> = {
    [USER_SHAPE_VARIABLES.proto]: resolve(options.protoFile),
    [USER_SHAPE_VARIABLES.message]: options.message,
    [USER_SHAPE_VARIABLES.sample]: resolve(options.sampleFile),
  };
  if (options.counterField !== undefined) env[USER_SHAPE_VARIABLES.counterField] = options.counterField;
  return env;
}
