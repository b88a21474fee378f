//! Helpers the unit tests share.

/// A small deterministic generator (xorshift64) of pseudo-random `u64`s, for tests that try
/// many generated cases and must fail the same way every run.
pub(crate) fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}
