/** Injection token for the loaded WirebenchConfig. */
export const WIREBENCH_CONFIG = Symbol('WIREBENCH_CONFIG');
