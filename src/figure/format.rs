//! Number formats for value labels: as few decimals as tell the shown values apart.
//!
//! Pass@1 in percent printed to one decimal (41.3, 42.7) needs one; F1 scores between 0.955 and
//! 0.966 need four. The rule: the fewest decimals at which no two different values print the
//! same, but never fewer than the values were given with, up to two (so 88.5 is never shown as
//! "88" just because no other value is 88), and never more than they were given with. When the
//! cells carry standard errors, never past where the noise starts either ([`noise_decimals`]).

/// Most decimals ever chosen automatically (and inferred from the data: see
/// `analysis::infer_decimals`).
pub const MAX_AUTO_DECIMALS: usize = 6;

/// From this magnitude up, numbers are written in exponent notation: fixed notation would take
/// 16 digits or more (309 for the largest double), which no cell, tick or sentence can hold.
const LARGE: f64 = 1e15;
/// Below this magnitude (zero aside), numbers are written in exponent notation too: at the
/// decimals a figure shows (six at most) they would read as zero.
const SMALL: f64 = 1e-6;

/// Formats a value with a fixed number of decimals, with a true minus sign and no "-0". An exact
/// half rounds away from zero (51.125 -> "51.13"), as readers (and JavaScript's `toFixed`) do;
/// Rust's own formatting would round it to the even digit.
///
/// Magnitudes of 1e15 and more, and nonzero ones below 1e-6, are written in exponent notation
/// with up to three significant digits whatever `decimals` says (`1e300`, `−1.8e308`,
/// `5e−324`): at most ten characters.
pub fn format_value(value: f64, decimals: usize) -> String {
    if value.is_finite() && value != 0.0 && !(SMALL..LARGE).contains(&value.abs()) {
        return exponent(value);
    }
    let value = if is_exact_half(value, decimals) {
        // The double is exactly representable scaled (it ends in 5 at decimals + 1), so the
        // product is exact and rounding it away from zero is the answer.
        let scale = 10f64.powi(i32::try_from(decimals).unwrap_or(i32::MAX));
        (value * scale).round() / scale
    } else {
        value
    };
    let text = crate::float_text::fixed(value, decimals);
    let negative_zero = text.starts_with('-') && text[1..].chars().all(|c| c == '0' || c == '.');
    if negative_zero {
        text[1..].to_string()
    } else if let Some(rest) = text.strip_prefix('-') {
        format!("−{rest}")
    } else {
        text
    }
}

/// A value in exponent notation: up to three significant digits, no trailing zeros, a true
/// minus on the number and on the exponent ("−2.5e−7"). The same text as Rust's `{:e}` when the
/// shortest digits are three or fewer, else `{:.2e}`, written without them: their exponential
/// formatting would bring its own code into the wasm.
fn exponent(value: f64) -> String {
    // The shortest digits that read back as the value, when there are three or fewer (5e-324
    // is stored as 4.94...e-324), from zmij as link numbers are.
    let (mut digits, mut power) = crate::link::number::shortest_digits(value.abs());
    if digits.len() > 3 {
        // Three digits rounded from the exact value, half to even as `{:.2e}` does. Then no
        // power of ten lies between the value and its shortest digits (it would be shorter), so
        // `power` is the value's own. Below 1e-6, fixed decimals down to the third digit round
        // there already; from 1e15 up a double is a multiple of 1/8, which three decimals hold
        // exactly, and the rounding is done here.
        let decimals = usize::try_from(2 - power).unwrap_or(3);
        let fixed = crate::float_text::fixed(value.abs(), decimals);
        let whole = fixed.split('.').next().map_or(0, str::len);
        let all = fixed.replace('.', "");
        let significant = all.trim_start_matches('0');
        power = whole as i64 - 1 - (all.len() - significant.len()) as i64;
        let (kept, rest) = significant.split_at(3.min(significant.len()));
        let mut number: u32 = kept.parse().unwrap_or(0);
        let mut rest = rest.bytes();
        let up = match rest.next() {
            Some(b'6'..=b'9') => true,
            Some(b'5') => number % 2 == 1 || rest.any(|digit| digit != b'0'),
            _ => false,
        };
        number += u32::from(up);
        if number == 1000 {
            number = 100;
            power += 1;
        }
        digits = number.to_string().trim_end_matches('0').to_string();
    }
    let (first, rest) = digits.split_at(1.min(digits.len()));
    let sign = if value < 0.0 { "−" } else { "" };
    let point = if rest.is_empty() { "" } else { "." };
    let minus = if power < 0 { "−" } else { "" };
    format!("{sign}{first}{point}{rest}e{minus}{}", power.unsigned_abs())
}

/// True when a double's exact decimal expansion ends in a 5 right after `decimals` digits:
/// 51.125 at two decimals, but not 2.675, which is stored as 2.67499999...
///
/// Exactly, and without printing digits: write `|value|` as `m * 2^e` with `m` odd. Then
/// `value * 10^decimals` ends in exactly ".5" when `2 * value * 10^decimals =
/// m * 5^decimals * 2^(e + decimals + 1)` is an odd integer, and as `m * 5^decimals` is odd,
/// that is when `e == -(decimals + 1)`.
fn is_exact_half(value: f64, decimals: usize) -> bool {
    if !value.is_finite() || value == 0.0 || decimals > 20 {
        return false;
    }
    let bits = value.abs().to_bits();
    let biased = i64::try_from(bits >> 52).unwrap_or(0);
    let fraction = bits & ((1 << 52) - 1);
    // Normal numbers carry an implicit leading 1; subnormals have the smallest exponent.
    let (mantissa, exponent) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), biased - 1075)
    };
    let odd_exponent = exponent + i64::from(mantissa.trailing_zeros());
    odd_exponent == -(i64::try_from(decimals).unwrap_or(i64::MAX) + 1)
}

/// The decimals at which the noise starts: those that end on the first significant digit of a
/// standard error (0.0003 -> 4, 0.001 -> 3, 8.6 -> 0), or [`MAX_AUTO_DECIMALS`] for an error
/// below 1e-6, zero or not a number (then no noise limits the decimals).
pub fn noise_decimals(standard_error: f64) -> usize {
    (0..MAX_AUTO_DECIMALS)
        .find(|&decimals| standard_error >= 10f64.powi(-(decimals as i32)))
        .unwrap_or(MAX_AUTO_DECIMALS)
}

/// The fewest decimals at which every value prints back as the same number, up to six, ignoring
/// float noise (47.3 - 40.0 = 7.299999999999997 has one decimal).
fn precision(values: &[f64]) -> usize {
    (0..=MAX_AUTO_DECIMALS)
        .find(|&decimals| {
            let scale = 10f64.powi(decimals as i32);
            // Ties to even (one wasm instruction, where `round` is a library call): a value
            // exactly halfway between two is half a step from either, so the test is the same.
            values.iter().all(|v| {
                ((v * scale).round_ties_even() / scale - v).abs() <= 1e-9 * v.abs().max(1.0)
            })
        })
        .unwrap_or(MAX_AUTO_DECIMALS)
}

/// The decimals for a set of values: the fewest at which different values print differently,
/// at least `min(precision, 2)` and at most the values' own precision (see the module docs).
pub fn choose_decimals(values: &[f64]) -> usize {
    let limit = precision(values);
    // At most two decimals, the only candidate is the values' own precision: no printing
    // needed (a million cells would otherwise each be formatted).
    if limit <= 2 {
        return limit;
    }
    // Rounding is monotone, so different values print differently exactly when each prints
    // differently from the next larger one: only neighbours in sorted order are compared.
    let mut distinct = values.to_vec();
    distinct.sort_by(f64::total_cmp);
    distinct.dedup();
    let span = match (distinct.first(), distinct.last()) {
        (Some(low), Some(high)) => high - low,
        _ => 0.0,
    };
    // The values' own precision tells them apart by definition: it is never printed to check.
    (2..limit)
        .find(|&decimals| {
            // More values than printable steps between the extremes cannot all differ.
            let steps = span * 10f64.powi(decimals as i32) + 2.0;
            if distinct.len() as f64 > steps {
                return false;
            }
            let mut previous: Option<String> = None;
            distinct.iter().all(|&value| {
                let text = format_value(value, decimals);
                let differs = previous.as_deref() != Some(text.as_str());
                previous = Some(text);
                differs
            })
        })
        .unwrap_or(limit)
}

#[cfg(test)]
mod precision_tests {
    #[test]
    fn precision_counts_the_decimals_values_were_given_with() {
        assert_eq!(super::precision(&[41.3, 89.0]), 1);
        assert_eq!(super::precision(&[500.0]), 0);
        assert_eq!(super::precision(&[1.0 / 3.0]), 6);
        assert_eq!(super::precision(&[47.3 - 40.0]), 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition, by brute force: the fewest decimals from 2 up to the precision at which
    /// no two different values print the same.
    fn decimals_by_definition(values: &[f64]) -> usize {
        let limit = precision(values);
        if limit <= 2 {
            return limit;
        }
        (2..=limit)
            .find(|&decimals| {
                values.iter().all(|&a| {
                    values
                        .iter()
                        .all(|&b| a == b || format_value(a, decimals) != format_value(b, decimals))
                })
            })
            .unwrap_or(limit)
    }

    #[test]
    fn neighbours_decide_as_every_pair_does() {
        // Values at several precisions and spreads, with repeats, negatives and exact halves.
        let mut next = crate::testing::xorshift(0x2545_f491_4f6c_dd1d);
        for case in 0..400 {
            let count = 2 + (next() % 30) as usize;
            let digits = (next() % 7) as i32;
            let spread = [0.001, 0.05, 1.0, 100.0][case % 4];
            let values: Vec<f64> = (0..count)
                .map(|_| {
                    let raw = (next() % 1_000_000) as f64 / 1_000_000.0 * spread - spread / 3.0;
                    let scale = 10f64.powi(digits);
                    (raw * scale).round() / scale
                })
                .collect();
            assert_eq!(
                choose_decimals(&values),
                decimals_by_definition(&values),
                "{values:?}"
            );
        }
    }

    #[test]
    fn pass_at_one_in_percent_gets_one_decimal() {
        // Seed 000, R1-Llama AIME24, first two rows.
        let values = [41.3, 42.7, 45.3, 44.7, 42.7, 39.3, 49.3, 45.3, 44.0, 46.0];
        assert_eq!(choose_decimals(&values), 1);
    }

    #[test]
    fn close_f1_scores_get_four_decimals() {
        let values = [0.9551, 0.9553, 0.9602, 0.9655, 0.966];
        assert_eq!(choose_decimals(&values), 4);
    }

    #[test]
    fn whole_numbers_get_none_and_given_digits_are_kept() {
        assert_eq!(choose_decimals(&[10.0, 20.0, 35.0]), 0);
        assert_eq!(choose_decimals(&[1.25, 1.5]), 2);
        // Raw floats: as few as tell them apart, but at least two.
        assert_eq!(choose_decimals(&[0.123_456_7, 0.5]), 2);
        assert_eq!(choose_decimals(&[0.955_12, 0.955_38, 0.966_01]), 4);
        assert_eq!(choose_decimals(&[]), 0);
        // Equal values never force more decimals.
        assert_eq!(choose_decimals(&[88.0, 88.0, 85.0]), 0);
        assert_eq!(choose_decimals(&[88.5, 88.5, 85.0]), 1);
    }

    #[test]
    fn exact_halves_round_away_from_zero() {
        assert_eq!(format_value(51.125, 2), "51.13");
        assert_eq!(format_value(-1.625, 2), "−1.63");
        assert_eq!(format_value(88.5, 0), "89");
        assert_eq!(format_value(0.5, 0), "1");
        // 2.675 is stored just below the half: it rounds down, as its exact value says.
        assert_eq!(format_value(2.675, 2), "2.67");
    }

    #[test]
    fn exact_halves_are_told_from_their_neighbours() {
        assert!(is_exact_half(51.125, 2));
        assert!(is_exact_half(-1.625, 2));
        assert!(is_exact_half(0.5, 0));
        assert!(is_exact_half(0.25, 1));
        assert!(is_exact_half(88.5, 0));
        assert!(!is_exact_half(88.5, 1));
        assert!(!is_exact_half(2.675, 2));
        assert!(!is_exact_half(51.125, 1));
        assert!(!is_exact_half(0.0, 0));
        assert!(!is_exact_half(f64::NAN, 1));
        assert!(!is_exact_half(f64::MIN_POSITIVE / 4.0, 3));
        // Against the printed expansion, on many values.
        let printed = |value: f64, decimals: usize| {
            let text = format!("{:.*}", decimals + 30, value.abs());
            let tail = &text[text.len() - 30..];
            tail.starts_with('5') && tail[1..].bytes().all(|digit| digit == b'0')
        };
        for numerator in -4000..4000 {
            for denominator in [2.0, 4.0, 8.0, 10.0, 16.0, 20.0, 40.0, 64.0, 1000.0, 3.0] {
                let value = f64::from(numerator) / denominator;
                for decimals in 0..5 {
                    assert_eq!(
                        is_exact_half(value, decimals),
                        printed(value, decimals) && value != 0.0,
                        "{value} at {decimals}"
                    );
                }
            }
        }
    }

    #[test]
    fn huge_and_tiny_magnitudes_are_written_with_an_exponent() {
        assert_eq!(format_value(1e300, 1), "1e300");
        assert_eq!(format_value(-1e308, 0), "−1e308");
        assert_eq!(format_value(f64::MAX, 2), "1.8e308");
        assert_eq!(format_value(1e-300, 6), "1e−300");
        assert_eq!(format_value(5e-324, 2), "5e−324");
        assert_eq!(format_value(-2.5e-7, 3), "−2.5e−7");
        assert_eq!(format_value(1.23456e15, 0), "1.23e15");
        assert_eq!(format_value(9.999e20, 0), "1e21");
        // Normal values, the edges of the range and zero are as before.
        assert_eq!(format_value(999_999_999_999_999.0, 0), "999999999999999");
        assert_eq!(format_value(1e-6, 6), "0.000001");
        assert_eq!(format_value(0.0, 2), "0.00");
        assert_eq!(format_value(-0.0, 2), "0.00");
        assert_eq!(format_value(41.3, 1), "41.3");
        assert_eq!(format_value(f64::INFINITY, 1), "inf");
    }

    proptest::proptest! {
        /// Any double prints in at most 12 characters past the digits its decimals ask for
        /// (16 whole digits at most), and reads back within the rounding it shows.
        #[test]
        fn every_double_prints_short(bits in proptest::num::u64::ANY, decimals in 0usize..7) {
            let value = f64::from_bits(bits);
            proptest::prop_assume!(value.is_finite());
            let text = format_value(value, decimals);
            proptest::prop_assert!(text.chars().count() <= 16 + 1 + decimals, "{}", text);
            let back: f64 = text.replace('−', "-").parse().unwrap();
            let exact = value == 0.0 || (SMALL..LARGE).contains(&value.abs());
            let tolerance = if exact {
                0.5 * 10f64.powi(-(decimals as i32)) + value.abs() * 1e-15
            } else {
                value.abs() * 0.005 + f64::MIN_POSITIVE
            };
            proptest::prop_assert!((back - value).abs() <= tolerance, "{} -> {}", value, text);
            if !exact {
                proptest::prop_assert!(text.chars().count() <= 10, "{}", text);
            }
        }
    }

    /// The exponent notation as first written, with core's `{:e}` and `{:.2e}`.
    fn exponent_by_core(value: f64) -> String {
        let shortest = format!("{value:e}");
        let digits = shortest.split('e').next().map_or(0, |mantissa| {
            mantissa.bytes().filter(u8::is_ascii_digit).count()
        });
        let text = if digits <= 3 {
            shortest
        } else {
            format!("{value:.2e}")
        };
        let (mantissa, power) = text.split_once('e').unwrap_or((&text, "0"));
        let mantissa = mantissa.trim_end_matches('0').trim_end_matches('.');
        format!("{mantissa}e{power}").replace('-', "−")
    }

    #[test]
    fn exponents_at_the_edges_are_cores() {
        // Powers of ten and their neighbours, halves at the third digit (1.235e20 and 1.245e20
        // are exact doubles: ties go to the even digit), 9.995 rounding up to a new power, the
        // subnormals and the range limits.
        let mut values = vec![f64::MAX, f64::MIN_POSITIVE, 5e-324, 1e-323, 2.5e-323, 1e15];
        values.extend([
            1.235e20, 1.245e20, 1.2355e20, 9.995e20, 9.9949e20, 9.9951e-7,
        ]);
        values.extend([
            1.125e15,
            1.0005e15,
            1.0015e15,
            2f64.powi(53) + 2.0,
            9.995e-100,
        ]);
        for power in -323..=308 {
            let ten: f64 = format!("1e{power}").parse().unwrap();
            values.extend([
                ten,
                f64::from_bits(ten.to_bits() + 1),
                f64::from_bits(ten.to_bits() - 1),
            ]);
        }
        for value in values {
            for value in [value, -value] {
                if value.is_finite() && value != 0.0 && !(SMALL..LARGE).contains(&value.abs()) {
                    assert_eq!(exponent(value), exponent_by_core(value), "{value:e}");
                }
            }
        }
    }

    proptest::proptest! {
        /// The exponent notation is the text core's `{:e}` and `{:.2e}` give, on any double
        /// past 1e15 or below 1e-6, and on short decimals there, halves at the third digit
        /// among them.
        #[test]
        fn exponent_is_cores(bits in proptest::num::u64::ANY) {
            // Nearly every double is past 1e15 or below 1e-6 (and not a NaN): the few others
            // are written in fixed notation, where this has nothing to compare.
            let value = f64::from_bits(bits);
            if value.is_finite() && value != 0.0 && !(SMALL..LARGE).contains(&value.abs()) {
                proptest::prop_assert_eq!(exponent(value), exponent_by_core(value));
            }
        }

        #[test]
        fn short_exponents_are_cores(
            digits in 1u32..100_000,
            power in proptest::prop_oneof![-323i32..-10, 15i32..305],
        ) {
            let value: f64 = format!("{digits}e{power}").parse().unwrap();
            proptest::prop_assume!(value.is_finite() && value != 0.0);
            proptest::prop_assume!(!(SMALL..LARGE).contains(&value.abs()));
            proptest::prop_assert_eq!(exponent(value), exponent_by_core(value));
            proptest::prop_assert_eq!(exponent(-value), exponent_by_core(-value));
        }
    }

    #[test]
    fn formats_with_a_true_minus_and_no_negative_zero() {
        assert_eq!(format_value(-1.25, 1), "−1.3");
        assert_eq!(format_value(-0.04, 1), "0.0");
        assert_eq!(format_value(49.3, 1), "49.3");
        assert_eq!(format_value(89.0, 1), "89.0");
    }
}
