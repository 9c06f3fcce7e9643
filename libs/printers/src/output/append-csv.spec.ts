import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendCsvRows } from './append-csv';

const print =
  (columns: string, row: string) =>
  ({ header }: { header: boolean }) =>
    (header ? `${columns}\n` : '') + `${row}\n`;

describe('appendCsvRows', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'append-csv-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the header once, then only rows under it', async () => {
    const file = join(dir, 'runs.csv');
    expect(await appendCsvRows(file, print('a,b', '1,2'))).toBeNull();
    expect(await appendCsvRows(file, print('a,b', '3,4'))).toBeNull();
    expect(readFileSync(file, 'utf8')).toBe('a,b\n1,2\n3,4\n');
  });

  it("keeps a file of other columns whole beside, and starts a new one under today's header", async () => {
    const file = join(dir, 'runs.csv');
    writeFileSync(file, 'a,b\n1,2\n');
    const kept = await appendCsvRows(file, print('a,b,c', '5,6,7'), new Date('2026-11-25T01:02:03.004Z'));
    expect(kept).toBe(join(dir, 'runs.before-2026-11-25T01-02-03-004Z.csv'));
    expect(readFileSync(kept!, 'utf8')).toBe('a,b\n1,2\n');
    expect(readFileSync(file, 'utf8')).toBe('a,b,c\n5,6,7\n');
    expect(readdirSync(dir).sort()).toEqual(['runs.before-2026-11-25T01-02-03-004Z.csv', 'runs.csv']);
  });

  it('gives an empty file the header', async () => {
    const file = join(dir, 'runs.csv');
    writeFileSync(file, '');
    expect(await appendCsvRows(file, print('a,b', '1,2'))).toBeNull();
    expect(readFileSync(file, 'utf8')).toBe('a,b\n1,2\n');
  });
});
