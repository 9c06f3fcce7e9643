import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSavedRun, SavedRunError } from './read-saved-run';

describe('readSavedRun', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wirebench-saved-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it('reads bench runs (with or without kind) and load runs, from the file or its folder', async () => {
    expect(await readSavedRun(file('old.json', JSON.stringify({ id: 'a', scenarios: [] })))).toMatchObject({ kind: 'bench', id: 'a' });
    expect(await readSavedRun(file('load.json', JSON.stringify({ id: 'b', kind: 'load', levels: [{}] })))).toMatchObject({ kind: 'load', levels: [{}] });
    mkdirSync(join(dir, 'run'));
    writeFileSync(join(dir, 'run', 'result.json'), JSON.stringify({ id: 'c', kind: 'bench', scenarios: [] }));
    expect(await readSavedRun(join(dir, 'run'))).toMatchObject({ id: 'c' });
  });

  it.each([
    ['half.json', '{"id": "x", "scenar', /not JSON/],
    ['empty-object.json', '{}', /no id/],
    ['null-scenarios.json', '{"id":"x","scenarios":null}', /no scenarios or levels/],
    ['load-without-levels.json', '{"id":"x","kind":"load"}', /without a levels list/],
    ['array.json', '[]', /not an object/],
    ['other-kind.json', '{"id":"x","kind":"soak","scenarios":[]}', /unknown kind/],
  ])('rejects %s with a reason', async (name, text, reason) => {
    const error = await readSavedRun(file(name, text)).catch((e) => e);
    expect(error).toBeInstanceOf(SavedRunError);
    expect(error.message).toMatch(reason);
    expect(error.message).toContain(name);
  });

  it('names a path that does not exist', async () => {
    await expect(readSavedRun(join(dir, 'nope'))).rejects.toThrow(/ENOENT/);
  });
});
