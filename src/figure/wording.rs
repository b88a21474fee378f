//! Numbers in words, shared by every sentence, card and table the figures write: signed
//! differences, percentages, p-values and counted nouns. Built on [`format_value`], so they round
//! and sign exactly as the value labels do.

use super::format_value;

/// A value with a plus sign when it shows above zero ("+1.30"), as differences are written;
/// "−2.10" and "0.00" as [`format_value`] writes them.
pub fn format_signed(value: f64, decimals: usize) -> String {
    let text = format_value(value, decimals);
    if value > 0.0 && text.bytes().any(|b| matches!(b, b'1'..=b'9')) {
        format!("+{text}")
    } else {
        text
    }
}

/// A share of 0..1 as a percentage: "36.1 %" at one decimal; "–" for none.
pub fn format_percent(share: Option<f64>, decimals: usize) -> String {
    match share {
        // Rounded to the decimals shown first: a share that is zero but for floating-point
        // leftovers (4.3e-30 from a parameter that explains nothing) reads "0 %", not "4.3e−28 %".
        Some(share) if share.is_finite() => {
            let scale = 10f64.powi(decimals as i32);
            let percent = (share * 100.0 * scale).round() / scale;
            format!("{} %", format_value(percent + 0.0, decimals))
        }
        _ => "–".to_string(),
    }
}

/// A p-value with its relation: "= 0.092", "< 0.001"; "–" for none.
pub fn format_p_value(p: Option<f64>) -> String {
    match p {
        Some(p) if p.is_finite() && p < 0.001 => "< 0.001".to_string(),
        Some(p) if p.is_finite() => format!("= {}", format_value(p, 3)),
        _ => "–".to_string(),
    }
}

pub use crate::error::{counted, grouped};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_percentage_rounds_to_its_decimals_before_it_is_written() {
        assert_eq!(format_percent(Some(0.62), 0), "62 %");
        assert_eq!(format_percent(Some(0.3614), 1), "36.1 %");
        // A share that is zero but for floating-point leftovers, as a main effect can be.
        assert_eq!(format_percent(Some(4.29e-30), 0), "0 %");
        assert_eq!(format_percent(Some(-4.29e-30), 0), "0 %");
        assert_eq!(format_percent(Some(0.004), 0), "0 %");
        assert_eq!(format_percent(Some(0.006), 0), "1 %");
        assert_eq!(format_percent(None, 0), "–");
        assert_eq!(format_percent(Some(f64::NAN), 1), "–");
    }

    #[test]
    fn numbers_in_words() {
        assert_eq!(format_percent(Some(103.0 / 285.0), 1), "36.1 %");
        assert_eq!(format_percent(Some(103.0 / 285.0), 0), "36 %");
        assert_eq!(format_percent(None, 1), "–");
        assert_eq!(format_percent(Some(f64::NAN), 1), "–");
        assert_eq!(format_p_value(Some(1.0)), "= 1.000");
        assert_eq!(format_p_value(Some(0.0916)), "= 0.092");
        assert_eq!(format_p_value(Some(0.0004)), "< 0.001");
        assert_eq!(format_p_value(None), "–");
        assert_eq!(format_signed(1.3, 2), "+1.30");
        assert_eq!(format_signed(-2.1, 2), "−2.10");
        assert_eq!(format_signed(0.0004, 2), "0.00");
        assert_eq!(format_signed(-0.0004, 2), "0.00");
        assert_eq!(counted(1, "paired item"), "1 paired item");
        assert_eq!(counted(0, "item"), "0 items");
        assert_eq!(counted(285, "paired item"), "285 paired items");
        assert_eq!(counted(1319, "item"), "1,319 items");
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(780), "780");
        assert_eq!(grouped(1_234_567), "1,234,567");
    }
}
