const INVALID_REQUEST = Symbol('wirebench.invalidRequest');

/**
 * What a strict request deserializer (withStrictRequests) returns instead of throwing: grpc-js answers any throw
 * from a deserializer with INTERNAL "Error deserializing request", so the problem is carried to the handler, which
 * answers INVALID_ARGUMENT with it.
 */
export interface InvalidRequest {
  readonly [INVALID_REQUEST]: string;
}

export function invalidRequest(problem: string): InvalidRequest {
  return { [INVALID_REQUEST]: problem };
}

/** The problem a strict deserializer found in this request (naming the field where there is one), or null. */
export function invalidRequestProblem(request: unknown): string | null {
  return typeof request === 'object' && request !== null && INVALID_REQUEST in request
    ? (request as InvalidRequest)[INVALID_REQUEST]
    : null;
}
