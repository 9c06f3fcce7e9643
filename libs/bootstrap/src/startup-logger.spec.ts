import { logLevelsFor, StartupLogger } from './startup-logger';

// What the logger writes, with process.stdout / stderr captured.
function written(run: () => void): string {
  const out: string[] = [];
  const spies = [jest.spyOn(process.stdout, 'write'), jest.spyOn(process.stderr, 'write')].map((spy) =>
    spy.mockImplementation((chunk: string | Uint8Array) => out.push(String(chunk)) > 0),
  );
  try {
    run();
  } finally {
    spies.forEach((spy) => spy.mockRestore());
  }
  return out.join('');
}

describe('logLevelsFor', () => {
  it('gives the level and every more severe one', () => {
    expect(logLevelsFor('log')).toEqual(['log', 'warn', 'error', 'fatal']);
    expect(logLevelsFor('debug')).toEqual(['debug', 'log', 'warn', 'error', 'fatal']);
    expect(logLevelsFor('verbose')).toEqual(['verbose', 'debug', 'log', 'warn', 'error', 'fatal']);
  });
});

describe('StartupLogger', () => {
  it("at log: the app's own lines and warnings, not Nest's wiring", () => {
    const logger = new StartupLogger('log', false);
    const text = written(() => {
      logger.log('Mapped {/client, GET} route', 'RouterExplorer');
      logger.log('ClientModule dependencies initialized', 'InstanceLoader');
      logger.log('client listening on http://127.0.0.1:3000', 'client');
      logger.warn('careful', 'client');
      logger.debug('details', 'client');
    });
    expect(text).not.toMatch(/Mapped|dependencies initialized|details/);
    expect(text).toMatch(/LOG \[client\] client listening on/);
    expect(text).toMatch(/WARN \[client\] careful/);
  });

  it('at debug: the wiring too', () => {
    const text = written(() => new StartupLogger('debug', false).log('Mapped {/client, GET} route', 'RouterExplorer'));
    expect(text).toMatch(/LOG \[RouterExplorer\] Mapped \{\/client, GET\} route/);
  });

  it('colours only when asked to', () => {
    // Nest also checks NO_COLOR itself, which the shell running the tests may set.
    const { NO_COLOR } = process.env;
    delete process.env.NO_COLOR;
    try {
      expect(written(() => new StartupLogger('log', false).log('x', 'client'))).not.toMatch(/\x1b\[/);
      expect(written(() => new StartupLogger('log', true).log('x', 'client'))).toMatch(/\x1b\[/);
    } finally {
      if (NO_COLOR !== undefined) process.env.NO_COLOR = NO_COLOR;
    }
  });

  it("leaves out Nest's own report of a failed listen (exitOnStartupError gives one line)", () => {
    expect(
      written(() => new StartupLogger('log', false).error('listen EADDRINUSE: address already in use 127.0.0.1:3000')),
    ).toBe('');
  });
});
