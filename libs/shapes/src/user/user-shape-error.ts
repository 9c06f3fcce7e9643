/**
 * Why the user's message cannot be served, in one line that names the file, message or sample field at fault: what
 * the apps print before they exit 2, and what libs/config wraps in a ConfigError.
 */
export class UserShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserShapeError';
  }
}
