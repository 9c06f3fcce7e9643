import { ConsoleLogger, LogLevel } from '@nestjs/common';
import type { LogLevelSetting } from '@app/config';
import { colourWanted } from './colour-wanted';

// Nest logs a failed listen itself before rethrowing; exitOnStartupError reports it in one line instead.
const LISTEN_FAILURE = /(listen|bind) (EADDRINUSE|EACCES|EADDRNOTAVAIL)/;

// Where Nest says what it wired up at start-up: every module initialised, every controller and route mapped (about
// 75 lines for the four Nest apps). It logs them as `log`; they help whoever debugs the wiring, not whoever runs a
// benchmark, so they are shown from LOG_LEVEL=debug on. The app's own "listening on" line has its own context.
const NEST_WIRING_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
  'NestMicroservice',
]);

// Least to most severe, as LOG_LEVEL counts them; `fatal` is always shown.
const SEVERITY: LogLevel[] = ['verbose', 'debug', 'log', 'warn', 'error', 'fatal'];

/** The Nest levels a LOG_LEVEL shows: itself and everything more severe. */
export function logLevelsFor(setting: LogLevelSetting): LogLevel[] {
  return SEVERITY.slice(SEVERITY.indexOf(setting));
}

/**
 * Nest's console logger as the apps use it: LOG_LEVEL's levels, Nest's wiring lines only from `debug` on, colour
 * only where colourWanted says (a terminal, or FORCE_COLOR), and no duplicate report of a failed listen.
 */
export class StartupLogger extends ConsoleLogger {
  constructor(setting: LogLevelSetting, colors = colourWanted(process.stdout)) {
    super({ logLevels: logLevelsFor(setting), colors });
  }

  log(message: unknown, ...rest: unknown[]): void {
    if (NEST_WIRING_CONTEXTS.has(contextOf(rest) ?? '') && !this.isLevelEnabled('debug')) return;
    super.log(message, ...(rest as [string?]));
  }

  error(message: unknown, ...rest: unknown[]): void {
    if (LISTEN_FAILURE.test(String(message))) return;
    super.error(message, ...(rest as [string?]));
  }
}

// Nest's Logger passes the context as the last argument (ConsoleLogger reads it the same way).
function contextOf(rest: unknown[]): string | undefined {
  const last = rest[rest.length - 1];
  return typeof last === 'string' ? last : undefined;
}
