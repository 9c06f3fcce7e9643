import { BadRequestException, createParamDecorator, ExecutionContext } from '@nestjs/common';
import { parseQuery, QueryRule } from '@app/serving';

/**
 * The route's query parameters, parsed from the URL as the request sent it by the parser the bare server uses too
 * (libs/serving parse-query.ts), not from the platform's `req.query`: Express and Fastify parse differently (a
 * repeated name, `chunk[]=1`), and both lose what the rule must see. A query the rule refuses is a 400.
 */
export const RawQuery = createParamDecorator(
  (rule: QueryRule, ctx: ExecutionContext): Partial<Record<string, string>> => {
    // Express and Fastify both keep the URL as sent in originalUrl (Fastify on its request, under h2c too).
    const request = ctx.switchToHttp().getRequest<{ originalUrl?: string; url?: string }>();
    const parsed = parseQuery(request.originalUrl ?? request.url ?? '', rule);
    if ('error' in parsed) throw new BadRequestException(parsed.error);
    return parsed.query;
  },
);
