//! Numbers in links: read strictly, written as JavaScript writes them, so that a link the page
//! wrote before this parser existed reads the same and formats back to the same text.

/// A number value of a link, or why it is not one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Number {
    Finite(f64),
    /// Decimal notation, but beyond the range of a double (`1e400`).
    TooLarge,
    Invalid,
}

/// Reads a decimal number: optional sign, digits with an optional fraction, an optional
/// exponent; spaces around are allowed. Words (`Infinity`, `NaN`) and hexadecimal are not numbers.
pub(super) fn parse_number(text: &str) -> Number {
    let trimmed = text.trim();
    if !is_decimal(trimmed) {
        return Number::Invalid;
    }
    match crate::decimal::parse_f64(trimmed) {
        Some(value) if value.is_finite() => Number::Finite(value),
        Some(_) => Number::TooLarge,
        None => Number::Invalid,
    }
}

fn is_decimal(text: &str) -> bool {
    let unsigned = text.strip_prefix(['+', '-']).unwrap_or(text);
    let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
        Some(at) => (unsigned.get(..at), unsigned.get(at + 1..)),
        None => (Some(unsigned), None),
    };
    let Some(mantissa) = mantissa else {
        return false;
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok =
        digits(whole) && digits(fraction) && !(whole.is_empty() && fraction.is_empty());
    let exponent_ok = exponent.map_or(true, |exp| {
        let exp = exp.strip_prefix(['+', '-']).unwrap_or(exp);
        !exp.is_empty() && digits(exp)
    });
    mantissa_ok && exponent_ok
}

/// A whole number of at most `max` written in plain digits (`3`, `003`), else `None`.
pub(super) fn parse_small_whole(text: &str, max: u32) -> Option<u32> {
    let trimmed = text.trim();
    if trimmed.is_empty() || !trimmed.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let significant = trimmed.trim_start_matches('0');
    if significant.len() > 9 {
        return None;
    }
    let value = if significant.is_empty() {
        0
    } else {
        significant.parse().ok()?
    };
    (value <= max).then_some(value)
}

/// A number as JavaScript's `String(number)` writes it: the shortest digits that read back as
/// the same double, plain between 1e-7 and 1e21, exponential outside (`1e-7`, `1e+21`).
pub fn js_number(value: f64) -> String {
    if value == 0.0 {
        return "0".into();
    }
    if !value.is_finite() {
        return if value.is_nan() {
            "NaN".into()
        } else if value > 0.0 {
            "Infinity".into()
        } else {
            "-Infinity".into()
        };
    }
    let (digits, exponent) = shortest_digits(value.abs());
    let sign = if value < 0.0 { "-" } else { "" };
    format!("{sign}{}", place_point(&digits, exponent))
}

/// The shortest digits that read back as `value` (finite, above zero), and the power of ten of
/// the first: 0.0123 -> ("123", -2). They come from zmij, the writer serde_json already brings
/// into the wasm, not from Rust's `{:e}`, whose exponential formatting would add its own code.
/// The two give the same digits but where a double lies exactly halfway between two shortest
/// candidates: ECMAScript's Number::toString (and zmij) then takes the even one, Rust the other
/// (604980160402215.25 is written 604980160402215.2 by JavaScript, ...215.3 by Rust); property
/// tests check both.
pub(crate) fn shortest_digits(value: f64) -> (String, i64) {
    let mut buffer = zmij::Buffer::new();
    let text = buffer.format_finite(value);
    let (mantissa, exponent) = text.split_once(['e', 'E']).unwrap_or((text, "0"));
    let exponent: i64 = exponent.parse().unwrap_or(0);
    let whole = mantissa.split('.').next().unwrap_or_default();
    let mut first = exponent + i64::try_from(whole.len()).unwrap_or(0) - 1;
    let mut digits = String::with_capacity(mantissa.len());
    for digit in mantissa.chars().filter(char::is_ascii_digit) {
        if digits.is_empty() && digit == '0' {
            first -= 1;
        } else {
            digits.push(digit);
        }
    }
    let significant = digits.trim_end_matches('0').len();
    digits.truncate(significant);
    (digits, first)
}

/// ECMAScript's Number::toString layout of `0.digits × 10^(exponent + 1)`.
fn place_point(digits: &str, exponent: i64) -> String {
    let count = i64::try_from(digits.len()).unwrap_or(i64::MAX);
    let point = exponent + 1;
    let zeros = |n: i64| "0".repeat(usize::try_from(n).unwrap_or(0));
    if count <= point && point <= 21 {
        format!("{digits}{}", zeros(point - count))
    } else if 0 < point && point <= 21 {
        let (whole, fraction) = digits.split_at(usize::try_from(point).unwrap_or(0));
        format!("{whole}.{fraction}")
    } else if -6 < point && point <= 0 {
        format!("0.{}{digits}", zeros(-point))
    } else {
        let (first, rest) = digits.split_at(1.min(digits.len()));
        let sign = if exponent < 0 { '-' } else { '+' };
        let rest = if rest.is_empty() {
            String::new()
        } else {
            format!(".{rest}")
        };
        format!("{first}{rest}e{sign}{}", exponent.abs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_numbers_as_javascript_does() {
        let cases = [
            (40.0, "40"),
            (52.5, "52.5"),
            (-1e-7, "-1e-7"),
            (1e-6, "0.000001"),
            (0.95, "0.95"),
            (1e21, "1e+21"),
            (1e20, "100000000000000000000"),
            (123.456e25, "1.23456e+27"),
            (-0.0, "0"),
            (0.1 + 0.2, "0.30000000000000004"),
        ];
        for (value, text) in cases {
            assert_eq!(js_number(value), text, "{value:e}");
        }
    }

    #[test]
    fn reads_decimal_numbers_only() {
        assert_eq!(parse_number(" -2.5 "), Number::Finite(-2.5));
        assert_eq!(parse_number("1e-7"), Number::Finite(1e-7));
        assert_eq!(parse_number(".5"), Number::Finite(0.5));
        assert_eq!(parse_number("5."), Number::Finite(5.0));
        assert_eq!(parse_number("1e400"), Number::TooLarge);
        for text in [
            "", ".", "abc", "Infinity", "inf", "NaN", "0x10", "1e", "1..2", "--1",
        ] {
            assert_eq!(parse_number(text), Number::Invalid, "{text}");
        }
    }

    #[test]
    fn reads_small_whole_numbers() {
        assert_eq!(parse_small_whole("003", 6), Some(3));
        assert_eq!(parse_small_whole("0", 6), Some(0));
        assert_eq!(parse_small_whole("7", 6), None);
        assert_eq!(parse_small_whole("99999999999999999999", 6), None);
        assert_eq!(parse_small_whole("1.5", 6), None);
        assert_eq!(parse_small_whole("-1", 6), None);
    }

    /// Rust's shortest digits of `value` and the power of ten of the first.
    fn rusts_digits(value: f64) -> (String, i64) {
        let scientific = format!("{value:e}");
        let (mantissa, exponent) = scientific.split_once('e').unwrap();
        let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
        (digits, exponent.parse().unwrap())
    }

    /// The exact decimal digits of `value` (trailing zeros dropped) and the power of ten of the
    /// first.
    fn rusts_digits_exact(value: f64) -> (String, i64) {
        let scientific = format!("{value:.800e}");
        let (mantissa, exponent) = scientific.split_once('e').unwrap();
        let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
        (
            digits.trim_end_matches('0').to_string(),
            exponent.parse().unwrap(),
        )
    }

    /// Checks `shortest_digits(value)` against Rust's shortest digits: the same, or, where the
    /// double lies exactly halfway between two shortest candidates, the even one of the two
    /// (ECMAScript's rule) where Rust took the odd one; and the digits read back as `value`.
    fn check_shortest(value: f64) -> Result<(), proptest::test_runner::TestCaseError> {
        let (digits, exponent) = shortest_digits(value);
        let (rust_digits, rust_exponent) = rusts_digits(value);
        let read_back: f64 = format!("{}.{}e{exponent}", &digits[..1], &digits[1..])
            .parse()
            .unwrap();
        proptest::prop_assert_eq!(read_back, value, "{} e{}", digits, exponent);
        if (digits.as_str(), exponent) != (rust_digits.as_str(), rust_exponent) {
            proptest::prop_assert_eq!(exponent, rust_exponent);
            proptest::prop_assert_eq!(digits.len(), rust_digits.len());
            let last = |text: &str| u64::from(text.as_bytes()[text.len() - 1] - b'0');
            let ours: u64 = digits.parse().unwrap();
            let rusts: u64 = rust_digits.parse().unwrap();
            proptest::prop_assert!(
                last(&digits) % 2 == 0 && ours.abs_diff(rusts) == 1,
                "{} against Rust's {}: not the even neighbour",
                digits,
                rust_digits
            );
            // A tie: the double's exact decimal value (at most 767 significant digits) is the
            // lower candidate's digits followed by a 5.
            let (exact_digits, exact_exponent) = rusts_digits_exact(value);
            let lower = ours.min(rusts).to_string();
            proptest::prop_assert_eq!(exact_exponent, exponent);
            proptest::prop_assert_eq!(exact_digits, format!("{lower}5"), "not a tie");
        }
        Ok(())
    }

    #[test]
    fn an_exact_tie_takes_the_even_digits_as_javascript_does() {
        // 604980160402215.25 exactly: .2 and .3 are both shortest and equally near.
        let value = f64::from_bits(4_828_195_042_197_018_938);
        assert_eq!(shortest_digits(value), ("6049801604022152".to_string(), 14));
        assert_eq!(js_number(value), "604980160402215.2"); // String(value) in JavaScript
        assert_eq!(rusts_digits(value).0, "6049801604022153");
        check_shortest(value).unwrap();
    }

    proptest::proptest! {
        #[test]
        fn shortest_digits_are_rusts_but_ties_go_even(bits in proptest::num::u64::ANY) {
            let value = f64::from_bits(bits).abs();
            proptest::prop_assume!(value.is_finite() && value > 0.0);
            check_shortest(value)?;
        }

        #[test]
        fn short_decimals_keep_their_digits(whole in 0u32..100_000, fraction in 0u32..1000, exponent in -30i32..30) {
            let value: f64 = format!("{whole}.{fraction:03}e{exponent}").parse().unwrap();
            proptest::prop_assume!(value > 0.0);
            check_shortest(value)?;
        }
    }

    #[test]
    fn shortest_digits_at_the_edges() {
        assert_eq!(shortest_digits(5e-324), ("5".to_string(), -324));
        assert_eq!(
            shortest_digits(f64::MAX),
            ("17976931348623157".to_string(), 308)
        );
        assert_eq!(shortest_digits(1.0), ("1".to_string(), 0));
        assert_eq!(shortest_digits(100.0), ("1".to_string(), 2));
        assert_eq!(shortest_digits(0.0123), ("123".to_string(), -2));
        assert_eq!(shortest_digits(123.456e25), ("123456".to_string(), 27));
    }
}
