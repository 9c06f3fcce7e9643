import { resolve } from 'node:path';
import { userShape, UserShapeError, UserShapeInput, UserShapeOptions, useUserShape } from '@app/shapes';
import { UsageError } from './usage-error';

/** The flags of the user's own message, by what each names (as libs/config names their settings, WIREBENCH_*). */
export const USER_SHAPE_FLAGS: Record<UserShapeInput, string> = {
  proto: 'proto',
  message: 'message',
  sample: 'sample',
  counterField: 'counter-field',
};

const REQUIRED: UserShapeInput[] = ['proto', 'message', 'sample'];

/**
 * `--proto FILE --message pkg.Name --sample FILE.json [--counter-field NAME]`: all three or none (a UsageError names
 * what is missing). Given, the shape is built here, in the CLI process, before any app starts: a proto that does not
 * load or a sample that does not survive the proto3 JSON mapping ends the run with the one line userShape gives,
 * naming the flag (exit 2). It is then registered (useUserShape) so that `--shapes` and the scenarios' validation,
 * which run here too, know `user`; the apps this run starts build it again from the settings (userShapeEnv).
 * Returns the options with absolute paths (the run records them), or null when no flag was given.
 */
export function userShapeOption(value: (flag: string) => string | undefined): UserShapeOptions | null {
  const given = (Object.keys(USER_SHAPE_FLAGS) as UserShapeInput[]).filter(
    (input) => value(USER_SHAPE_FLAGS[input]) !== undefined,
  );
  if (given.length === 0) return null;
  const missing = REQUIRED.filter((input) => value(USER_SHAPE_FLAGS[input]) === undefined);
  if (missing.length > 0) {
    const flags = (inputs: UserShapeInput[]) => inputs.map((input) => `--${USER_SHAPE_FLAGS[input]}`).join(', ');
    throw new UsageError(
      `${flags(given)} ${given.length === 1 ? 'is' : 'are'} given without ` +
        `${flags(missing)}: your message needs --proto, --message and --sample together`,
    );
  }
  const counterField = value(USER_SHAPE_FLAGS.counterField);
  const options: UserShapeOptions = {
    protoFile: resolve(value(USER_SHAPE_FLAGS.proto)!),
    message: value(USER_SHAPE_FLAGS.message)!,
    sampleFile: resolve(value(USER_SHAPE_FLAGS.sample)!),
    ...(counterField !== undefined ? { counterField } : {}),
  };
  try {
    useUserShape(userShape(options));
  } catch (error) {
    if (!(error instanceof UserShapeError)) throw error;
    throw new UsageError(`invalid --${USER_SHAPE_FLAGS[error.input]}: ${error.message}`);
  }
  return options;
}
