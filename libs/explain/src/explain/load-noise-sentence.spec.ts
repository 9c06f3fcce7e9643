import { sampleLevel } from '@app/load';
import { loadNoiseSentence } from './load-noise-sentence';

describe('loadNoiseSentence', () => {
  it("counts the disturbed levels and the most other CPU beside one, in a bench verdict's words", () => {
    const levels = [
      sampleLevel({ foreignCpuCores: 0.05, disturbed: false }),
      sampleLevel({ foreignCpuCores: 0.6, disturbed: true }),
      sampleLevel({ foreignCpuCores: 1.4, disturbed: true }),
    ];
    expect(loadNoiseSentence(levels)).toBe('Noise: 2 of 3 levels disturbed, up to 1.4 cores beside them.');
  });

  it('says the machine was quiet when no level was disturbed', () => {
    expect(
      loadNoiseSentence([
        sampleLevel({ foreignCpuCores: 0.05, disturbed: false }),
        sampleLevel({ foreignCpuCores: 0, disturbed: false }),
      ]),
    ).toBe('Noise: machine quiet: foreign CPU ≤ 0.05 of a core.');
  });

  it('says nothing when a level did not measure it (off Linux, older files)', () => {
    expect(loadNoiseSentence([sampleLevel({ foreignCpuCores: 0.05, disturbed: false }), sampleLevel()])).toBeNull();
    expect(loadNoiseSentence([])).toBeNull();
  });
});
