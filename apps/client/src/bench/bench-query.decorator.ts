import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { checkQueryParameters, ENDPOINT_PARAMETERS, EndpointKind } from './endpoint-parameters';

/**
 * The request's query, after checking that it holds only the parameters `endpoint` accepts, each once.
 * A decorator rather than a check in each handler, so no endpoint can forget it.
 */
export const BenchQuery = createParamDecorator(
  (endpoint: EndpointKind, ctx: ExecutionContext): Record<string, unknown> => {
    const request = ctx.switchToHttp().getRequest<Request>();
    // The declared route (e.g. /client/call-a/:rows), as the caller reached it; the URL path when there is none.
    const route: string = request.route?.path ?? request.path;
    const query = (request.query ?? {}) as Record<string, unknown>;
    checkQueryParameters(route, query, ENDPOINT_PARAMETERS[endpoint]);
    return query;
  },
);
