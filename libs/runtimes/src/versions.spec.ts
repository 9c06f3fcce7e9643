import { byNewest, newestOfMajor } from './versions';

describe('newestOfMajor', () => {
  // Keys as a real packument lists them: publication order, not version order, and 22.9 before 22.23.
  const published = [
    '20.19.0',
    '22.8.0',
    '22.9.0',
    '22.23.3',
    '22.10.1',
    '23.0.0',
    '24.0.0-rc.1',
    '24.0.0',
    '24.11.1',
    '26.10.0',
    '26.9.0',
    '26.8.2',
  ];

  it('picks the numerically newest release of the major', () => {
    expect(newestOfMajor(published, 22)).toBe('22.23.3');
    expect(newestOfMajor(published, 24)).toBe('24.11.1');
    expect(newestOfMajor(published, 26)).toBe('26.10.0');
  });

  it('never picks a pre-release, and says undefined for a major with no release', () => {
    expect(newestOfMajor(['24.0.0-rc.1'], 24)).toBeUndefined();
    expect(newestOfMajor(published, 21)).toBeUndefined();
  });

  it('sorts newest first', () => {
    expect(['22.9.0', '22.23.3', '22.10.0'].sort(byNewest)).toEqual(['22.23.3', '22.10.0', '22.9.0']);
  });
});
