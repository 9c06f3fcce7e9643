/** What a UserShapeError is about: the proto file, the message name, the sample, or the counter field. */
export type UserShapeInput = 'proto' | 'message' | 'sample' | 'counterField';

/**
 * Why the user's message cannot be served, in one line that names the file, message or sample field at fault: what
 * the apps print before they exit 2, and what libs/config wraps in a ConfigError naming the setting (`input`).
 */
export class UserShapeError extends Error {
  constructor(
    message: string,
    readonly input: UserShapeInput,
  ) {
    super(message);
    this.name = 'UserShapeError';
  }
}
