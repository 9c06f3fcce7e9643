import { ArgumentsHost, Catch, ExceptionFilter, HttpStatus, Inject, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { PayloadMismatchError, RunCancelledError, ScenarioValidationError, TransportError } from '@app/bench';
import { ClientFdLimitError } from '@app/transports';
import { RETRY_AFTER_S } from '@app/serving';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';
import { ClientBusyError } from '../admission/client-busy.error';

type BenchError =
  | ScenarioValidationError
  | TransportError
  | PayloadMismatchError
  | RunCancelledError
  | ClientBusyError
  | ClientFdLimitError;

/**
 * Engine errors -> HTTP: a parameter out of range is the caller's 400; a server that cannot be reached, or that is
 * busy keeping within its memory budget (then with Retry-After), is 503,
 * one that does not answer in time 504, one that answers wrongly (error status, rows that do not verify) 502.
 * The client's own limits (busy with CLIENT_MAX_CALLS calls, out of file descriptors) are 503 with Retry-After:
 * they pass once the work in flight ends, and no server is to blame.
 * A measurement cancelled because the caller left is logged and not answered: there is no one to answer.
 */
@Catch(
  ScenarioValidationError,
  TransportError,
  PayloadMismatchError,
  RunCancelledError,
  ClientBusyError,
  ClientFdLimitError,
)
export class BenchExceptionFilter implements ExceptionFilter<BenchError> {
  private readonly logger = new Logger(BenchExceptionFilter.name);

  constructor(@Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig) {}

  catch(error: BenchError, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (error instanceof ClientBusyError || error instanceof ClientFdLimitError) {
      const statusCode = HttpStatus.SERVICE_UNAVAILABLE;
      const retryAfterS = this.config.clientBudget.retryAfterS;
      this.logger.warn(error.message);
      response.setHeader('Retry-After', String(retryAfterS));
      const detail =
        error instanceof ClientBusyError
          ? { busyWith: error.busyWith, maxCalls: error.maxCalls }
          : { code: error.code, openFilesLimit: error.limit, maxSockets: this.config.clientBudget.maxSockets };
      response
        .status(statusCode)
        .json({ statusCode, error: 'Service Unavailable', message: error.message, retryAfterS, ...detail });
      return;
    }
    if (error instanceof RunCancelledError) {
      this.logger.warn(`${error.message}: the caller closed the connection`);
      return;
    }
    if (error instanceof ScenarioValidationError) {
      response.status(HttpStatus.BAD_REQUEST).json({
        statusCode: HttpStatus.BAD_REQUEST,
        error: 'Bad Request',
        message: error.message,
        parameter: error.parameter,
        limit: error.limit,
      });
      return;
    }
    const statusCode = statusFor(error);
    this.logger.warn(error.message);
    // A busy server asked to be retried later; the caller is told the same.
    if (error instanceof TransportError && error.failure === 'busy')
      response.setHeader('Retry-After', String(RETRY_AFTER_S));
    response.status(statusCode).json({
      statusCode,
      error: HttpStatus[statusCode]
        .replace(/_/g, ' ')
        .toLowerCase()
        .replace(/\b\w/g, (c) => c.toUpperCase()),
      message: error.message,
      server: error.target.server,
      address: error.target.address,
      // Which variant's run it was (several variants call one server): warm-up or measured, and its number.
      ...(error.run !== undefined ? { run: error.run } : {}),
      // A stream that broke off: how far it got (every row up to there arrived and was checked as it came).
      ...(error instanceof TransportError && error.rowsReceived !== undefined
        ? { rowsReceived: error.rowsReceived }
        : {}),
    });
  }
}

function statusFor(error: TransportError | PayloadMismatchError): number {
  if (error instanceof PayloadMismatchError) return HttpStatus.BAD_GATEWAY;
  if (error.failure === 'unavailable' || error.failure === 'busy') return HttpStatus.SERVICE_UNAVAILABLE;
  if (error.failure === 'timeout') return HttpStatus.GATEWAY_TIMEOUT;
  return HttpStatus.BAD_GATEWAY;
}
