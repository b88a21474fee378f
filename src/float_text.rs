//! Doubles written as text exactly as Rust's `{}` and `{:.N}` write them, without core's float
//! formatting (`core::num::flt2dec`: Grisu and Dragon with their tables, about 15 KB of wasm).
//!
//! The shortest digits come from zmij, the writer serde_json already brings into the wasm (read
//! through `decimal::shortest`); fixed decimals are computed exactly from the double's binary
//! value with a small big integer, rounding an exact half to the even digit as Rust does (2.675
//! is stored as 2.67499999..., so it is "2.67" at two decimals; 0.125 is "0.12").

use std::fmt;

/// An `f64` written as `{}` writes it: the shortest digits that read back as the same double,
/// never in exponent notation (`1e21` is "1000000000000000000000", `1e-7` "0.0000001"),
/// "-0", "inf", "-inf" and "NaN" as Rust writes them. Formatter flags are not applied.
pub struct Shortest(pub f64);

impl fmt::Display for Shortest {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&shortest(self.0))
    }
}

/// An `f64` written as `{:.N}` writes it, `N` the second field (see [`fixed`]).
pub struct Fixed(pub f64, pub usize);

impl fmt::Display for Fixed {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&fixed(self.0, self.1))
    }
}

/// `format!("{value}")` without core's float formatting.
pub fn shortest(value: f64) -> String {
    let mut text = sign(value);
    if !value.is_finite() || value == 0.0 {
        text.push_str(special(value).unwrap_or("0"));
        return text;
    }
    let magnitude = value.abs();
    let (mut digits, _, first) = crate::decimal::shortest(magnitude).unwrap_or((0, 0, 0));
    if halfway_above(magnitude, digits, first) {
        // Two candidates of the fewest digits lie equally near: zmij takes the even one, as
        // JavaScript does, Rust's Grisu the one above (604980160402215.25 is written
        // ...215.3). The one above never ends in a carry: the even one ends in 0 to 8.
        digits += 1;
    }
    let digits = digits.to_string();
    let count = i64::try_from(digits.len()).unwrap_or(i64::MAX);
    let point = first.saturating_add(1);
    if point <= 0 {
        text.push_str("0.");
        push_zeros(&mut text, point.unsigned_abs());
        text.push_str(&digits);
    } else if point >= count {
        text.push_str(&digits);
        push_zeros(&mut text, point.abs_diff(count));
    } else {
        let (whole, fraction) = digits.split_at(usize::try_from(point).unwrap_or(0));
        text.push_str(whole);
        text.push('.');
        text.push_str(fraction);
    }
    text
}

/// `format!("{value:.decimals$}")` without core's float formatting: the exact binary value
/// rounded to `decimals` decimals, an exact half to the even digit; the sign kept when the
/// rounded value is zero ("-0.00" for -0.001), "inf", "-inf" and "NaN" whatever `decimals`.
pub fn fixed(value: f64, decimals: usize) -> String {
    let mut text = sign(value);
    if let Some(word) = special(value) {
        text.push_str(word);
        return text;
    }
    // |value| * 10^decimals = mantissa * 5^decimals * 2^(exponent + decimals), exactly.
    let (mantissa, exponent) = binary_parts(value.abs());
    let mut number = Big::new(mantissa);
    for _ in 0..decimals {
        number.multiply(5);
    }
    let shift = exponent.saturating_add(i64::try_from(decimals).unwrap_or(i64::MAX));
    if shift >= 0 {
        number.shift_left(shift.unsigned_abs());
    } else {
        number.shift_right_rounding(shift.unsigned_abs());
    }
    let mut digits = String::new();
    let written = number.decimal();
    push_zeros(
        &mut digits,
        decimals.saturating_add(1).saturating_sub(written.len()) as u64,
    );
    digits.push_str(&written);
    let whole = digits.len().saturating_sub(decimals);
    text.push_str(digits.get(..whole).unwrap_or_default());
    if decimals > 0 {
        text.push('.');
        text.push_str(digits.get(whole..).unwrap_or_default());
    }
    text
}

/// "-" for a negative double (-0.0 included) that is not NaN, else nothing.
fn sign(value: f64) -> String {
    let negative = value.is_sign_negative() && !value.is_nan();
    String::from(if negative { "-" } else { "" })
}

/// The word Rust writes for NaN and the infinities (the sign aside).
fn special(value: f64) -> Option<&'static str> {
    if value.is_nan() {
        Some("NaN")
    } else if value.is_infinite() {
        Some("inf")
    } else {
        None
    }
}

fn push_zeros(text: &mut String, count: u64) {
    for _ in 0..count {
        text.push('0');
    }
}

/// A finite double's magnitude as `mantissa * 2^exponent` (mantissa below 2^53).
fn binary_parts(magnitude: f64) -> (u64, i64) {
    let bits = magnitude.to_bits();
    let biased = i64::try_from(bits >> 52 & 0x7ff).unwrap_or(0);
    let fraction = bits & ((1 << 52) - 1);
    // Normal numbers carry an implicit leading 1; subnormals have the smallest exponent.
    if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), biased - 1075)
    }
}

/// True when `magnitude` is exactly `(digits + 1/2) * 10^(first - count + 1)`: halfway between
/// its shortest digits and the next number of as many digits. Only doubles of 16 digits or
/// more can be (two candidates must fit in one unit of the last place), and only with a
/// fractional half: `digits * 10 + 5 == magnitude * 10^q` for some `q` up to 27 (the power
/// of five must divide the 18-digit odd side).
fn halfway_above(magnitude: f64, digits: u64, first: i64) -> bool {
    if digits < 1_000_000_000_000_000 {
        return false;
    }
    let count = i64::from(digits.checked_ilog10().unwrap_or(0)) + 1;
    let q = count - first; // magnitude * 10^q == digits * 10 + 5 at a tie
    let (Ok(q), Some(target)) = (
        u32::try_from(q),
        u128::from(digits).checked_mul(10).map(|t| t + 5),
    ) else {
        return false;
    };
    let (mantissa, exponent) = binary_parts(magnitude);
    // mantissa * 5^q * 2^(exponent + q) == target
    let Some(scaled) = 5u128
        .checked_pow(q)
        .and_then(|power| power.checked_mul(u128::from(mantissa)))
    else {
        return false;
    };
    let shift = exponent + i64::from(q);
    if shift >= 0 {
        u32::try_from(shift)
            .ok()
            .and_then(|shift| 1u128.checked_shl(shift))
            .and_then(|power| scaled.checked_mul(power))
            == Some(target)
    } else {
        let shift = shift.unsigned_abs();
        shift < 128 && scaled.trailing_zeros() as u64 >= shift && scaled >> shift == target
    }
}

/// A natural number in 32-bit limbs, least significant first: what the exact fixed writer
/// needs (times a small number, shifts, decimal digits) and no more.
struct Big(Vec<u32>);

impl Big {
    fn new(value: u64) -> Big {
        Big(vec![value as u32, (value >> 32) as u32])
    }

    fn multiply(&mut self, factor: u32) {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let product = u64::from(*limb) * u64::from(factor) + carry;
            *limb = product as u32;
            carry = product >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn shift_left(&mut self, bits: u64) {
        let limbs = usize::try_from(bits / 32).unwrap_or(0);
        let bits = (bits % 32) as u32;
        if bits > 0 {
            self.0.push(0);
            for index in (0..self.0.len()).rev() {
                let below = index
                    .checked_sub(1)
                    .and_then(|i| self.0.get(i))
                    .map_or(0, |&limb| limb >> (32 - bits));
                if let Some(limb) = self.0.get_mut(index) {
                    *limb = *limb << bits | below;
                }
            }
        }
        self.0.splice(0..0, std::iter::repeat(0).take(limbs));
    }

    /// Divides by 2^bits, rounding an exact half to even.
    fn shift_right_rounding(&mut self, bits: u64) {
        let bit = |at: u64| {
            let limb = usize::try_from(at / 32).ok().and_then(|i| self.0.get(i));
            limb.is_some_and(|&limb| limb >> (at % 32) & 1 == 1)
        };
        let half = bit(bits - 1);
        let below = (0..bits - 1).any(bit);
        let limbs = usize::try_from(bits / 32).unwrap_or(usize::MAX);
        self.0.drain(..limbs.min(self.0.len()));
        let bits = (bits % 32) as u32;
        if bits > 0 {
            for index in 0..self.0.len() {
                let above = self.0.get(index + 1).map_or(0, |&limb| limb << (32 - bits));
                if let Some(limb) = self.0.get_mut(index) {
                    *limb = *limb >> bits | above;
                }
            }
        }
        let odd = self.0.first().is_some_and(|&limb| limb & 1 == 1);
        if half && (below || odd) {
            self.add_one();
        }
    }

    fn add_one(&mut self) {
        for limb in &mut self.0 {
            let (sum, carry) = limb.overflowing_add(1);
            *limb = sum;
            if !carry {
                return;
            }
        }
        self.0.push(1);
    }

    /// The number's decimal digits ("0" for zero).
    fn decimal(mut self) -> String {
        let mut chunks = Vec::new();
        while self.0.iter().any(|&limb| limb != 0) {
            let mut remainder = 0u64;
            for limb in self.0.iter_mut().rev() {
                let value = remainder << 32 | u64::from(*limb);
                *limb = (value / 1_000_000_000) as u32;
                remainder = value % 1_000_000_000;
            }
            chunks.push(remainder as u32);
        }
        let mut text = chunks.pop().unwrap_or(0).to_string();
        for chunk in chunks.iter().rev() {
            let digits = chunk.to_string();
            push_zeros(&mut text, 9 - digits.len() as u64);
            text.push_str(&digits);
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::{fixed, shortest, Fixed, Shortest};

    /// Exactly halfway between 604980160402215.2 and ...215.3, the two shortest candidates.
    const TIE: f64 = 604_980_160_402_215.0 + 0.25;

    /// Doubles where writers go wrong: ties at every position, the exact binary value just
    /// below a written half, powers of ten and two at the edges, subnormals, signs, specials.
    const HAND_CASES: &[f64] = &[
        0.0,
        -0.0,
        0.5,
        -0.5,
        1.5,
        2.5,
        0.125,
        0.375,
        2.675,
        1.005,
        51.125,
        -51.125,
        0.045,
        1e15 - 1.0,
        1e15,
        1e16,
        999_999_999_999_999.9,
        9_007_199_254_740_993.0,
        TIE,
        1e21,
        1e22,
        1e23,
        1e-7,
        1e-5,
        0.1,
        0.3,
        123.456,
        f64::MAX,
        f64::MIN,
        f64::MIN_POSITIVE,
        f64::EPSILON,
        5e-324,
        -5e-324,
        2.225_073_858_507_201e-308,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
    ];

    #[test]
    fn hand_cases_are_written_as_rust_writes_them() {
        for &value in HAND_CASES {
            assert_eq!(shortest(value), format!("{value}"), "{{}} of {value:?}");
            assert_eq!(Shortest(value).to_string(), format!("{value}"));
            for decimals in 0..=20 {
                let expected = format!("{value:.decimals$}");
                assert_eq!(
                    fixed(value, decimals),
                    expected,
                    "{{:.{decimals}}} of {value:?}"
                );
                assert_eq!(Fixed(value, decimals).to_string(), expected);
            }
        }
        assert_eq!(fixed(2.675, 2), "2.67");
        assert_eq!(fixed(0.125, 2), "0.12");
        assert_eq!(fixed(-0.001, 2), "-0.00");
        assert_eq!(shortest(TIE), "604980160402215.3");
    }

    /// Exact halves at the shortest digits' last place: doubles between 2^49 and 2^51 with a
    /// fraction of .25 or .75, where two 16-digit candidates lie equally near. Rust's Grisu
    /// takes the one above, zmij the even one; the writer must be Rust's on every one.
    #[test]
    fn shortest_ties_are_written_as_rust_writes_them() {
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        let mut ties = 0;
        for _ in 0..200_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let unit = if state & 1 == 0 { 0.125 } else { 0.25 };
            let value = (state >> 12 | 1 << 52) as f64 * unit;
            if value.fract() == 0.25 || value.fract() == 0.75 {
                ties += 1;
                assert_eq!(shortest(value), format!("{value}"), "{value:?}");
            }
        }
        assert!(ties > 50_000, "{ties}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]

        /// Any double (every bit pattern: all magnitudes, subnormals, specials) at 0 to 20
        /// decimals is written as `{:.N}` writes it, and as `{}` does.
        #[test]
        fn any_double_is_written_as_rust_writes_it(
            bits in proptest::num::u64::ANY,
            decimals in 0usize..=20,
        ) {
            let value = f64::from_bits(bits);
            proptest::prop_assert_eq!(fixed(value, decimals), format!("{value:.decimals$}"));
            proptest::prop_assert_eq!(shortest(value), format!("{value}"));
        }

        /// Doubles of the magnitudes figures show, with few digits, near halves: the inputs
        /// where rounding decides.
        #[test]
        fn short_decimals_near_halves_are_written_as_rust_writes_them(
            whole in 0u64..100_000,
            fraction in 0u64..100_000,
            digits in 1u32..6,
            decimals in 0usize..=8,
            nudge in -2i64..=2,
        ) {
            let base = whole as f64 + fraction as f64 / 10f64.powi(digits as i32);
            let value = f64::from_bits((base.to_bits() as i64 + nudge) as u64);
            for value in [value, -value] {
                proptest::prop_assert_eq!(fixed(value, decimals), format!("{value:.decimals$}"));
                proptest::prop_assert_eq!(shortest(value), format!("{value}"));
            }
        }
    }
}
