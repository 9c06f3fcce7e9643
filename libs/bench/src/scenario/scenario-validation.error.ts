/** A request parameter outside its limit; the message names the parameter and the limit. */
export class ScenarioValidationError extends Error {
  constructor(
    readonly parameter: string,
    readonly min: number,
    readonly max: number,
    readonly value: unknown,
  ) {
    super(`${parameter} must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
    this.name = 'ScenarioValidationError';
  }
}
