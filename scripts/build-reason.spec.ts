import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The scripts are plain CommonJS (they run before anything is built), so their types are spelled here.
const { buildReason } = require('./build-reason.js') as {
  buildReason: (o: { root: string; stamp: string; entries: string[]; inputs?: string[] }) => string | null;
};

describe('buildReason', () => {
  let root: string;
  const stamp = () => join(root, 'dist', '.build-stamp');
  const entry = () => join(root, 'dist', 'apps', 'client', 'main.js');
  const reason = () => buildReason({ root, stamp: stamp(), entries: [entry()], inputs: ['apps', 'tsconfig.json'] });
  // Seconds before now, as file times: the build is at -100 s, sources are older unless a test touches them.
  const age = (file: string, seconds: number) =>
    utimesSync(file, new Date(Date.now() - seconds * 1000), new Date(Date.now() - seconds * 1000));

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'wirebench-build-reason-'));
    mkdirSync(join(root, 'apps', 'client', 'src'), { recursive: true });
    writeFileSync(join(root, 'apps', 'client', 'src', 'main.ts'), '');
    writeFileSync(join(root, 'tsconfig.json'), '{}');
    for (const p of ['apps/client/src/main.ts', 'apps/client/src', 'apps/client', 'apps', 'tsconfig.json'])
      age(join(root, p), 200);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function build(): void {
    mkdirSync(join(root, 'dist', 'apps', 'client'), { recursive: true });
    writeFileSync(entry(), '');
    writeFileSync(stamp(), '');
    age(stamp(), 100);
  }

  it('says it is the first build when there is no dist/', () => {
    expect(reason()).toBe('no build yet (dist/ does not exist); later starts rebuild only after a source changes');
  });

  it('says the last build did not finish when dist/ has no stamp', () => {
    build();
    rmSync(stamp());
    expect(reason()).toBe('no dist/.build-stamp: the last build did not finish, or was not run through npm');
  });

  it('names a missing entry point', () => {
    build();
    rmSync(entry());
    expect(reason()).toBe('dist/apps/client/main.js is missing');
  });

  it('is null when the build is newer than every input', () => {
    build();
    expect(reason()).toBeNull();
  });

  it('names the newest changed source, and how many more changed', () => {
    build();
    age(join(root, 'tsconfig.json'), 50);
    age(join(root, 'apps', 'client', 'src', 'main.ts'), 10);
    expect(reason()).toBe('apps/client/src/main.ts changed since the last build (and 1 more)');
  });

  it('names the folder a file was added to', () => {
    build();
    writeFileSync(join(root, 'apps', 'client', 'src', 'new.ts'), '');
    age(join(root, 'apps', 'client', 'src', 'new.ts'), 50);
    expect(reason()).toBe('a file was added to or removed from apps/client/src/ since the last build (and 1 more)');
  });
});
