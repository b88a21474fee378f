//! The exact two-sided sign test: are two models ahead of each other equally often?
//!
//! Over the `n` items where the scores differ, the number of items where A is ahead follows a
//! binomial distribution with p = 1/2 when neither model is better. The two-sided p-value is
//! twice the probability of a split at least as uneven as the one seen,
//! `2 * sum_{i <= k} C(n, i) / 2^n` with `k` the smaller count, capped at 1. Ties are left out
//! before counting, as the test prescribes.
//!
//! The sum is computed in log space so that it neither overflows nor underflows for large `n`
//! (it is exact to about 1e-10 relative for `n` up to a few million): the terms are summed
//! relative to the largest one, `C(n, k)`, walking down with the ratio
//! `C(n, i - 1) / C(n, i) = i / (n - i + 1)`, and `ln C(n, k)` comes from Stirling's series, with
//! the large parts `k ln(n / k)` written so that they do not cancel.

use std::f64::consts::{LN_2, PI};

/// The two-sided exact sign test p-value for `a_ahead` items won by one side and `b_ahead` by
/// the other (ties excluded). 1 when there is nothing to test (`0, 0`) or the split is as even
/// as it can be.
pub fn sign_test_p_value(a_ahead: usize, b_ahead: usize) -> f64 {
    let n = a_ahead.saturating_add(b_ahead);
    let k = a_ahead.min(b_ahead);
    if n == 0 || 2 * k + 1 >= n {
        return 1.0;
    }
    // sum_{i <= k} C(n, i) / C(n, k), from the largest term down.
    let mut term = 1.0_f64;
    let mut sum = 1.0_f64;
    let mut i = k;
    while i > 0 {
        term *= i as f64 / (n - i + 1) as f64;
        sum += term;
        if term < sum * 1e-18 {
            break;
        }
        i -= 1;
    }
    let log_p = LN_2 + log_binomial(n, k) - n as f64 * LN_2 + sum.ln();
    log_p.exp().min(1.0)
}

/// ln C(n, k) for `k <= n`.
fn log_binomial(n: usize, k: usize) -> f64 {
    let k = k.min(n - k);
    if k < SMALL {
        // A short exact sum: ln prod_{j=1..k} (n - k + j) / j.
        return (1..=k).map(|j| ((n - k + j) as f64 / j as f64).ln()).sum();
    }
    // Here k and n - k are both at least SMALL, where Stirling's series is exact to f64.
    let (n_f, k_f, rest) = (n as f64, k as f64, (n - k) as f64);
    k_f * (n_f / k_f).ln() - rest * (-k_f / n_f).ln_1p()
        + 0.5 * (n_f / (2.0 * PI * k_f * rest)).ln()
        + stirling_correction(n_f)
        - stirling_correction(k_f)
        - stirling_correction(rest)
}

/// Below this, `log_binomial` sums exactly instead of using Stirling's series.
const SMALL: usize = 20;

/// ln m! - (m ln m - m + ln(2 pi m) / 2), from Stirling's series; accurate to f64 for m >= 20.
fn stirling_correction(m: f64) -> f64 {
    let inverse = 1.0 / m;
    let square = inverse * inverse;
    inverse * (1.0 / 12.0 - square * (1.0 / 360.0 - square * (1.0 / 1260.0 - square / 1680.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tail sum in plain f64 arithmetic, fine while 2^-n stays a normal number.
    fn direct(a_ahead: usize, b_ahead: usize) -> f64 {
        let n = a_ahead + b_ahead;
        let k = a_ahead.min(b_ahead);
        let mut term = 0.5_f64.powi(n as i32);
        let mut sum = term;
        for i in 0..k {
            term *= (n - i) as f64 / (i + 1) as f64;
            sum += term;
        }
        (2.0 * sum).min(1.0)
    }

    #[test]
    fn matches_the_direct_sum_where_that_is_safe() {
        for (a, b) in [
            (0, 5),
            (1, 9),
            (3, 17),
            (12, 30),
            (25, 75),
            (450, 550),
            (300, 700),
        ] {
            let expected = direct(a, b);
            let found = sign_test_p_value(a, b);
            assert!(
                (found - expected).abs() <= 1e-11 * expected,
                "{a} vs {b}: {found} != {expected}"
            );
            assert_eq!(sign_test_p_value(b, a), found);
        }
    }

    #[test]
    fn log_binomial_matches_exact_values() {
        assert_eq!(log_binomial(5, 0), 0.0);
        assert!((log_binomial(10, 3) - 120f64.ln()).abs() < 1e-13);
        // C(60, 30) = 118264581564861424, just above the SMALL threshold on both sides.
        assert!((log_binomial(60, 30) - 118_264_581_564_861_424f64.ln()).abs() < 1e-12);
        assert!((log_binomial(40, 21) - 131_282_408_400f64.ln()).abs() < 1e-12);
    }

    #[test]
    fn even_splits_and_nothing_to_test_give_one() {
        assert_eq!(sign_test_p_value(0, 0), 1.0);
        assert_eq!(sign_test_p_value(7, 7), 1.0);
        assert_eq!(sign_test_p_value(50_000, 50_000), 1.0);
        assert_eq!(sign_test_p_value(4, 5), 1.0);
    }
}
