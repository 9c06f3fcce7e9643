import { homedir } from 'node:os';
import { parseRuntimeSpec } from './runtime-spec';

describe('parseRuntimeSpec', () => {
  it('reads a major, an exact version with or without v, current', () => {
    expect(parseRuntimeSpec('22')).toEqual({ kind: 'major', text: '22', major: 22 });
    expect(parseRuntimeSpec('22.11.0')).toEqual({ kind: 'exact', text: '22.11.0', version: '22.11.0' });
    expect(parseRuntimeSpec('v22.11.0')).toEqual({ kind: 'exact', text: 'v22.11.0', version: '22.11.0' });
    expect(parseRuntimeSpec('current')).toEqual({ kind: 'current', text: 'current' });
  });

  it('takes anything with a / as a path: ~ expanded, relative from cwd, nvm paths as they are', () => {
    expect(parseRuntimeSpec('~/.nvm/versions/node/v22.11.0/bin/node')).toMatchObject({
      kind: 'path',
      path: `${homedir()}/.nvm/versions/node/v22.11.0/bin/node`,
    });
    expect(parseRuntimeSpec('./bin/node', '/opt/x')).toMatchObject({ kind: 'path', path: '/opt/x/bin/node' });
    expect(parseRuntimeSpec('/usr/bin/node')).toEqual({ kind: 'path', text: '/usr/bin/node', path: '/usr/bin/node' });
  });

  it.each(['', 'lts', 'node', '22.1', '0', '-1', 'v22', '22.x', 'latest'])(
    'refuses %p in one line naming what is accepted',
    (bad) => {
      expect(() => parseRuntimeSpec(bad)).toThrow(
        new RegExp(
          `^node runtime ` +
            `'${bad}': expected a major \\(22\\), an exact version \\(22\\.11\\.0 or v22\\.11\\.0\\), a path ` +
            `to a node binary \\(containing a /\\) or 'current'$`,
        ),
      );
    },
  );
});
