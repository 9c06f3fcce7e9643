/**
 * What a parameter may be, as the 400 body's `limit` shows it: a range, a length, a set of values, a set of
 * parameter names, or a count. Only the parts that apply are present.
 */
export interface ParameterLimit {
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  values?: readonly string[];
  parameters?: readonly string[];
  maxCount?: number;
}

/**
 * A request parameter the engine or an endpoint refuses; the message names the parameter and the limit.
 * The one error shape for every bad input: the client answers it with a 400, the CLI prints its message.
 */
export class ScenarioValidationError extends Error {
  constructor(
    readonly parameter: string,
    readonly limit: ParameterLimit,
    message: string,
    readonly value?: unknown,
  ) {
    super(message);
    this.name = 'ScenarioValidationError';
  }
}

/** An integer outside its inclusive range, or not a plain decimal integer at all. */
export class ScenarioRangeError extends ScenarioValidationError {
  constructor(parameter: string, min: number, max: number, value: unknown) {
    super(
      parameter,
      { min, max },
      `${parameter} must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`,
      value,
    );
    this.name = 'ScenarioRangeError';
  }
}

/** A scenario name that would not print well: the limit is its length and character set. */
export class ScenarioNameError extends ScenarioValidationError {
  constructor(value: unknown) {
    super(
      'name',
      { minLength: 1, maxLength: 64 },
      `name must be 1 to 64 printable ASCII characters without leading or trailing spaces, got ` +
        `${JSON.stringify(value)}`,
      value,
    );
    this.name = 'ScenarioNameError';
  }
}
