/** Injection token for the loaded WirebenchConfig. */
export const WIREBENCH_CONFIG = Symbol('WIREBENCH_CONFIG');

/** What HTTP/2 starts every stream and connection window at (RFC 9113 6.9.2); grpc-js and axios keep it unless told. */
export const HTTP2_DEFAULT_WINDOW = 65_535;
