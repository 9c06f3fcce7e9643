/** A request parameter outside its limit; the message names the parameter and the limit. */
export class ScenarioValidationError extends Error {
  constructor(
    readonly parameter: string,
    readonly min: number,
    readonly max: number,
    readonly value: unknown,
    message = `${parameter} must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`,
  ) {
    super(message);
    this.name = 'ScenarioValidationError';
  }
}

/** A scenario name that would not print well: the limit is its length and character set. */
export class ScenarioNameError extends ScenarioValidationError {
  constructor(value: unknown) {
    super('name', 1, 64, value, `name must be 1 to 64 printable ASCII characters without leading or trailing spaces, got ${JSON.stringify(value)}`);
  }
}
