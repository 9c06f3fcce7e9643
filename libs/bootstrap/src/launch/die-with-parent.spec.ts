import { dieWithParent } from './die-with-parent';

describe('dieWithParent', () => {
  const onLinux = process.platform === 'linux' ? it : it.skip;

  onLinux(
    'runs the command through setpriv with the parent-death signal, the command and its arguments unchanged',
    () => {
      expect(dieWithParent('/usr/bin/node', ['app.js', '--x'], 'TERM', '/bin/sh')).toEqual({
        command: '/bin/sh',
        args: ['--pdeathsig', 'TERM', '--', '/usr/bin/node', 'app.js', '--x'],
      });
    },
  );

  it('leaves the command as it is where there is no setpriv', () => {
    expect(dieWithParent('/usr/bin/node', ['app.js'], 'KILL', '/nonexistent/setpriv')).toEqual({
      command: '/usr/bin/node',
      args: ['app.js'],
    });
  });
});
