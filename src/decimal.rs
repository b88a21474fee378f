//! Decimal text read as a double exactly as `str::parse::<f64>` reads it, without core's float
//! parser.
//!
//! Core's parser brings a table of 128-bit powers of five (about 11 KB, which hardly compresses)
//! and its code into the wasm: with them gone the gzipped module measured 14 KB smaller. sweepmap
//! has an exact parser in the module anyway, serde_json's (`float_roundtrip`, which the JSON
//! loaders need), so this module checks Rust's syntax, takes the common short decimals on a fast
//! exact path and hands the rest to serde_json as JSON number text.

/// Powers of ten that a double holds exactly.
const EXACT_POWERS_OF_TEN: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// `text.parse::<f64>().ok()`, bit for bit: an optional sign, then `inf`, `infinity` or `nan`
/// in any case, or digits with an optional point (digits on at least one side) and an optional
/// exponent. No spaces.
pub(crate) fn parse_f64(text: &str) -> Option<f64> {
    let (negative, unsigned) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let magnitude =
        if unsigned.eq_ignore_ascii_case("inf") || unsigned.eq_ignore_ascii_case("infinity") {
            f64::INFINITY
        } else if unsigned.eq_ignore_ascii_case("nan") {
            f64::NAN
        } else {
            parse_decimal(unsigned)?
        };
    Some(if negative { -magnitude } else { magnitude })
}

/// True when number text that read as `value` names a number other than zero that a double
/// cannot hold: nonzero digits before any exponent, read as 0 (`1e-400`, `0.` and 400 digits).
pub(crate) fn underflows(text: &str, value: f64) -> bool {
    value == 0.0
        && text
            .split(['e', 'E'])
            .next()
            .is_some_and(|mantissa| mantissa.bytes().any(|byte| (b'1'..=b'9').contains(&byte)))
}

/// The parts of a decimal number as written: whole digits, fraction digits, exponent (sign and
/// digits, without the `e`).
struct Parts<'a> {
    whole: &'a str,
    fraction: &'a str,
    exponent: Option<&'a str>,
}

/// Splits unsigned decimal text into its parts, or `None` when it is not one.
fn split(text: &str) -> Option<Parts<'_>> {
    let digits_end = |from: usize| {
        text.get(from..).map_or(from, |rest| {
            from + rest.bytes().take_while(u8::is_ascii_digit).count()
        })
    };
    let whole_end = digits_end(0);
    let whole = text.get(..whole_end)?;
    let mut at = whole_end;
    let mut fraction = "";
    if text.get(at..)?.starts_with('.') {
        let end = digits_end(at + 1);
        fraction = text.get(at + 1..end)?;
        at = end;
    }
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    let mut exponent = None;
    if let Some(rest) = text.get(at..).filter(|rest| rest.starts_with(['e', 'E'])) {
        let signed = rest.get(1..)?;
        let unsigned = signed.strip_prefix(['+', '-']).unwrap_or(signed);
        let count = unsigned.bytes().take_while(u8::is_ascii_digit).count();
        if count == 0 {
            return None;
        }
        let length = 1 + (signed.len() - unsigned.len()) + count;
        exponent = Some(rest.get(1..length)?);
        at += length;
    }
    (at == text.len()).then_some(Parts {
        whole,
        fraction,
        exponent,
    })
}

/// The value of unsigned decimal text (infinite when it is beyond the largest double).
fn parse_decimal(text: &str) -> Option<f64> {
    let parts = split(text)?;
    let exponent = match parts.exponent {
        None => 0,
        // An exponent too long for i64 is left to the exact path below.
        Some(exponent) => exponent.parse::<i64>().unwrap_or(i64::MAX),
    };
    if exponent != i64::MAX {
        if let Some(value) = significand(parts.whole, parts.fraction, exponent).and_then(fast) {
            return Some(value);
        }
    }
    // JSON number text: no leading zeros, digits on both sides of a point.
    let whole = parts.whole.trim_start_matches('0');
    let mut json = String::with_capacity(text.len() + 2);
    json.push_str(if whole.is_empty() { "0" } else { whole });
    if !parts.fraction.is_empty() {
        json.push('.');
        json.push_str(parts.fraction);
    }
    if let Some(exponent) = parts.exponent {
        json.push('e');
        json.push_str(exponent);
    }
    // The text is a valid JSON number, so the only failure is a value beyond the doubles.
    Some(serde_json::from_str::<f64>(&json).unwrap_or(f64::INFINITY))
}

/// The significant digits of `whole.fraction × 10^exponent` as an integer without trailing
/// zeros, their count, and the power of ten of the first; `(0, 0, 0)` for zero. `None` beyond
/// 19 significant digits (an integer of them may not fit in `u64`).
fn significand(whole: &str, fraction: &str, exponent: i64) -> Option<(u64, usize, i64)> {
    let mut mantissa: u64 = 0;
    let mut count = 0;
    // Zeros after the last non-zero digit so far: kept aside until a non-zero digit follows.
    let mut zeros = 0;
    let mut first = i64::try_from(whole.len()).ok()?.checked_add(exponent)? - 1;
    for digit in whole.bytes().chain(fraction.bytes()) {
        let digit = u64::from(digit - b'0');
        if count == 0 && digit == 0 {
            first -= 1;
        } else if digit == 0 {
            zeros += 1;
        } else {
            count += zeros + 1;
            if count > 19 {
                return None;
            }
            mantissa = mantissa * 10u64.pow(u32::try_from(zeros).ok()? + 1) + digit;
            zeros = 0;
        }
    }
    Some(if count == 0 {
        (0, 0, 0)
    } else {
        (mantissa, count, first)
    })
}

/// The value of a significand, when it can be had without big numbers: exactly for at most 15
/// digits and powers of ten up to 22 (Clinger's fast path: an exact integer and an exact power,
/// one rounding); for up to 19 digits, the double next to an approximation whose shortest digits
/// are exactly these (the digits then read back as that double, by what shortest means).
fn fast((mantissa, count, first): (u64, usize, i64)) -> Option<f64> {
    if count == 0 {
        return Some(0.0);
    }
    let scale = first - i64::try_from(count).ok()? + 1;
    let power = *EXACT_POWERS_OF_TEN.get(usize::try_from(scale.unsigned_abs()).ok()?)?;
    // Up to 19 digits, so the conversion rounds at most once; below 2^53 it is exact.
    let approximation = if scale >= 0 {
        mantissa as f64 * power
    } else {
        mantissa as f64 / power
    };
    if count <= 15 {
        return Some(approximation);
    }
    if !approximation.is_finite() || approximation == 0.0 {
        return None;
    }
    let bits = approximation.to_bits();
    for candidate in [bits, bits + 1, bits - 1] {
        let candidate = f64::from_bits(candidate);
        if shortest(candidate) == Some((mantissa, count, first)) {
            return Some(candidate);
        }
    }
    None
}

/// The shortest digits that read back as `value` (finite, above zero), as [`significand`]
/// gives them, from zmij: the float writer serde_json already brings into the wasm.
pub(crate) fn shortest(value: f64) -> Option<(u64, usize, i64)> {
    if !value.is_finite() {
        return None;
    }
    let mut buffer = zmij::Buffer::new();
    let text = buffer.format_finite(value);
    let (mantissa, exponent) = text.split_once(['e', 'E']).unwrap_or((text, "0"));
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    significand(whole, fraction, exponent.parse().ok()?)
}

#[cfg(test)]
mod tests {
    use super::parse_f64;

    /// The same double as Rust's parser, or both none; NaNs compared by sign.
    fn same(text: &str) -> Result<(), String> {
        let expected = text.parse::<f64>().ok();
        let found = parse_f64(text);
        let agree = match (expected, found) {
            (Some(a), Some(b)) if a.is_nan() => {
                b.is_nan() && a.is_sign_negative() == b.is_sign_negative()
            }
            (Some(a), Some(b)) => a.to_bits() == b.to_bits(),
            (None, None) => true,
            _ => false,
        };
        if agree {
            Ok(())
        } else {
            Err(format!("{text:?}: Rust {expected:?}, found {found:?}"))
        }
    }

    #[test]
    fn reads_what_rust_reads() {
        for text in [
            "0",
            "-0",
            "+0",
            "00",
            "-0.0",
            "0.",
            ".0",
            ".",
            "",
            "+",
            "-",
            "1",
            "+1",
            "-1",
            "007",
            "1.5",
            "-.5",
            "5.",
            "1e5",
            "1E5",
            "1e+5",
            "1e-5",
            "1.e5",
            ".5e-3",
            "e5",
            "1e",
            "1e+",
            "1e-",
            "--1",
            "+-1",
            " 1",
            "1 ",
            "1_0",
            "0x10",
            "1.2.3",
            "1e5.5",
            "inf",
            "-inf",
            "+Infinity",
            "INF",
            "infinit",
            "in",
            "nan",
            "-NaN",
            "+nAn",
            "nanx",
            "١",
            "47.3",
            "0.1",
            "0.30000000000000004",
            "123456789012345",
            "1234567890123456",
            "12345678901234567890123",
            "9007199254740993",
            "1e308",
            "1.7976931348623157e308",
            "1.7976931348623159e308",
            "1e309",
            "-1e400",
            "1e-400",
            "5e-324",
            "2.4703282292062328e-324",
            "2.4703282292062327e-324",
            "4.9e-324",
            "1e125",
            "0e99999999999999999999",
            "1e-99999999999999999999",
            "1e99999999999999999999",
            "0.000000000000000000000000001",
            "100000000000000000000000000000000000000000000000000000000000000000000000000001",
            "2.2250738585072011e-308",
            "2.2250738585072012e-308",
            "0.1e1",
            "10e-1",
        ] {
            same(text).unwrap();
        }
    }

    #[test]
    fn numbers_too_close_to_zero_are_told_from_zero() {
        let tiny = format!("0.{}1", "0".repeat(399));
        for (text, expected) in [
            ("1e-400", true),
            ("-1e-400", true),
            (tiny.as_str(), true),
            ("2e-324", true),
            (
                "0.00000000000000000000000000000000000000000000000000001e-300",
                true,
            ),
            ("3e-324", false),
            ("5e-324", false),
            ("0", false),
            ("-0.000", false),
            ("0e-999", false),
            ("0.0E5", false),
            ("1e400", false),
            ("41.3", false),
        ] {
            let value = parse_f64(text).unwrap();
            assert_eq!(super::underflows(text, value), expected, "{text}");
        }
    }

    #[test]
    fn reads_every_short_decimal_as_rust_does() {
        for whole in 0..200u32 {
            for fraction in 0..1000u32 {
                same(&format!("{whole}.{fraction:03}")).unwrap();
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn reads_printed_doubles_back(bits in proptest::num::u64::ANY, decimals in 0usize..25) {
            let value = f64::from_bits(bits);
            for text in [
                format!("{value}"),
                format!("{value:e}"),
                format!("{value:.decimals$}"),
                format!("{value:.decimals$e}"),
            ] {
                proptest::prop_assert!(same(&text).is_ok(), "{}", same(&text).unwrap_err());
            }
        }

        #[test]
        fn reads_any_text_of_number_characters_as_rust_does(text in "[-+0-9.eEinfatyINFATY]{0,30}") {
            proptest::prop_assert!(same(&text).is_ok(), "{}", same(&text).unwrap_err());
        }

        #[test]
        fn reads_long_digit_strings_as_rust_does(
            whole in "[0-9]{0,40}",
            fraction in "[0-9]{0,40}",
            exponent in proptest::option::of(-400i32..400),
        ) {
            let mut text = format!("{whole}.{fraction}");
            if let Some(exponent) = exponent {
                text.push_str(&format!("e{exponent}"));
            }
            proptest::prop_assert!(same(&text).is_ok(), "{}", same(&text).unwrap_err());
        }
    }
}
