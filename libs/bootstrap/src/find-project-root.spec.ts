import { readFileSync } from 'node:fs';
import { findProjectRoot } from './find-project-root';

describe('findProjectRoot', () => {
  it('finds the repository root and fails clearly outside it', () => {
    expect(JSON.parse(readFileSync(`${findProjectRoot()}/package.json`, 'utf8')).name).toBe('wirebench');
    expect(() => findProjectRoot('/')).toThrow(/package.json/);
  });
});
