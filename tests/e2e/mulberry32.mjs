// mulberry32: a small, fast, seeded generator of floats in [0, 1), with no imports, so that the
// synthetic data of the tests and fixtures (synthetic-csv.mjs, which re-exports it as
// `generator`) and the benchmark's pages (bench/pages/harness.js, bundled for the browser) draw
// the very same numbers from one copy.

/** A generator of floats in [0, 1) from `seed`: each call gives the next. */
export function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
