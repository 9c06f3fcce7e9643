import { ConsoleLogger, LogLevel } from '@nestjs/common';

// Nest logs a failed listen itself before rethrowing; exitOnStartupError reports it in one line instead.
const LISTEN_FAILURE = /(listen|bind) (EADDRINUSE|EACCES|EADDRNOTAVAIL)/;

/** Nest's console logger, minus the duplicate report of a failed listen. */
export class StartupLogger extends ConsoleLogger {
  constructor(levels: LogLevel[]) {
    super({ logLevels: levels });
  }

  error(message: unknown, ...rest: unknown[]): void {
    if (LISTEN_FAILURE.test(String(message))) return;
    super.error(message, ...(rest as [string?]));
  }
}
