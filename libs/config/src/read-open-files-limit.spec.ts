import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readOpenFilesLimit } from './read-open-files-limit';

describe('readOpenFilesLimit', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wb-limits-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const limits = (openFiles: string) => {
    const file = join(dir, `limits-${openFiles}`);
    writeFileSync(
      file,
      'Limit                     Soft Limit           Hard Limit           Units     \n' +
        'Max processes             63474                63474                processes \n' +
        `Max open files            ${openFiles}                 1048576              files     \n`,
    );
    return file;
  };

  it('reads the soft limit of "Max open files", not the hard one', () => {
    expect(readOpenFilesLimit(limits('256'))).toBe(256);
  });

  it('is null when there is no number to read: unlimited, or no such file (not Linux)', () => {
    expect(readOpenFilesLimit(limits('unlimited'))).toBeNull();
    expect(readOpenFilesLimit(join(dir, 'missing'))).toBeNull();
  });

  it('reads this process on Linux', () => {
    if (process.platform !== 'linux') return;
    expect(readOpenFilesLimit()).toBeGreaterThan(0);
  });
});
