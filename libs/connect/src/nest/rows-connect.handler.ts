import { Injectable } from '@nestjs/common';
import type { HandlerContext } from '@connectrpc/connect';
import { ConnectRows, type RowsRequest, type StreamRowsRequest } from '../rows/connect-rows';
import { rowsServices } from '../rows/rows-services';
import { ConnectService } from './connect-service.decorator';

/**
 * sample.SampleService and every shape's service, served from the Nest apps: a provider that takes the one
 * ConnectRows of the app from Nest's container (built by connectRowsProvider from the config and the app's
 * InflightBudget, which the JSON routes draw on too). The method names are the proto's.
 */
@ConnectService(...rowsServices())
@Injectable()
export class RowsConnectHandler {
  constructor(private readonly rows: ConnectRows) {}

  getSamples(request: RowsRequest, ctx: HandlerContext) {
    return this.rows.unary(request, ctx);
  }

  streamSamples(request: StreamRowsRequest, ctx: HandlerContext) {
    return this.rows.stream(request, ctx);
  }

  getRows(request: RowsRequest, ctx: HandlerContext) {
    return this.rows.unary(request, ctx);
  }

  streamRows(request: StreamRowsRequest, ctx: HandlerContext) {
    return this.rows.stream(request, ctx);
  }
}
