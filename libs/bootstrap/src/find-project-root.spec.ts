import { findProjectRoot } from './find-project-root';

describe('findProjectRoot', () => {
  it('finds the repository root and fails clearly outside it', () => {
    expect(require(`${findProjectRoot()}/package.json`).name).toBe('wirebench');
    expect(() => findProjectRoot('/')).toThrow(/package.json/);
  });
});
