import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printJson } from '../json.printer';
import { printMarkdown } from '../markdown.printer';
import type { BenchRun } from '@app/bench';
import { RESULT_SCHEMA_VERSION } from '@app/bench';
import { readSavedRun, SavedRunError } from './read-saved-run';

// A result.json from before schemaVersion: no kind, results without variant or shape (the sample run's, stripped).
const VERSION_0 = join(__dirname, 'fixtures', 'result-v0.json');

describe('readSavedRun', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wirebench-saved-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it('reads bench runs (with or without kind) and load runs, from the file or its folder', async () => {
    expect(await readSavedRun(file('old.json', JSON.stringify({ id: 'a', scenarios: [] })))).toMatchObject({
      kind: 'bench',
      id: 'a',
    });
    expect(await readSavedRun(file('load.json', JSON.stringify({ id: 'b', kind: 'load', levels: [{}] })))).toEqual({
      schemaVersion: RESULT_SCHEMA_VERSION,
      id: 'b',
      kind: 'load',
      levels: [{}],
    });
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

  it('upgrades a file without schemaVersion to the current shape, once, as it reads it', async () => {
    const run = (await readSavedRun(VERSION_0)) as BenchRun;
    expect(run.schemaVersion).toBe(RESULT_SCHEMA_VERSION);
    expect(run.kind).toBe('bench');
    expect(run.scenarios.map((r) => [r.name, r.transport, r.variant, r.shape])).toEqual([
      ['1-1', 'json', 'json', 'row'],
      ['1-1', 'grpc', 'grpc', 'row'],
      ['1-2', 'json', 'json', 'row'],
      ['1-2', 'grpc', 'grpc', 'row'],
    ]);
    // Every printer reads the upgraded run as it reads a new one.
    expect(printMarkdown(run)).toContain('| 1-2 | grpc | row | 10,000 |');
    // Written back, it reads as it is: the upgrade is done once.
    expect(await readSavedRun(file('rewritten.json', printJson(run)))).toEqual(run);
  });

  it('reads a current file as written, and leaves a newer one for what it knows of it', async () => {
    const current = {
      schemaVersion: RESULT_SCHEMA_VERSION,
      id: 'd',
      kind: 'bench',
      scenarios: [{ name: 'x', transport: 'json', variant: 'json-undici', shape: 'text' }],
    };
    expect(await readSavedRun(file('current.json', JSON.stringify(current)))).toEqual(current);
    const newer = { ...current, schemaVersion: RESULT_SCHEMA_VERSION + 1 };
    expect(await readSavedRun(file('newer.json', JSON.stringify(newer)))).toEqual(newer);
  });

  it('names a path that does not exist', async () => {
    await expect(readSavedRun(join(dir, 'nope'))).rejects.toThrow(/ENOENT/);
  });
});
