// Read once: a global looked up per call is slow inside a vm context (jest's), where property tests call this millions
// of times.
const imul = Math.imul;

/** mulberry32: a tiny seeded PRNG, uniform in [0, 1); seeded so resampling and property tests replay exactly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
