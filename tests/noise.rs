//! Decimals at the noise level: when cells carry standard errors, automatic decimals stop at the
//! first significant digit of the panel's median standard error, in every place a value of the
//! figure is printed (cell labels, colour bar, hover, descriptions, observations, Markdown).
//! Without standard errors the choice is as before; an explicit `decimals` wins.
#![cfg(not(target_arch = "wasm32"))]

use sweepmap::figure::{
    choose_decimals, noise_decimals, observations_markdown, observe_figure, prepare_figure, Figure,
    FigureOptions, View,
};
use sweepmap::layout::{layout_figure, nice_ticks};
use sweepmap::render::render_svg;
use sweepmap::{load_csv, CsvOptions, Dataset};

/// xorshift64: the same scores every run.
fn generator(seed: u64) -> impl FnMut() -> f64 {
    let mut state = seed;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A 3 x 3 sweep of F1 scores with 15 seeds per cell (`seed` column), written with six
/// decimals as a training log does. Scores spread by about 0.0012 around means 0.0004 apart,
/// so each cell's standard error is about 0.0003. Cell (lr 0.001, wd 0) repeats cell (lr
/// 0.0003, wd 0) with one score 0.00003 higher: their means differ by 0.000002, which takes
/// six decimals to tell apart.
fn sweep_csv(with_seeds: bool) -> String {
    let mut next = generator(0x9e37_79b9_7f4a_7c15);
    let mut text = String::from(if with_seeds {
        "lr,weight_decay,seed,f1\n"
    } else {
        "lr,weight_decay,f1\n"
    });
    let mut first_cell = Vec::new();
    for (y, weight_decay) in ["0", "0.01", "0.1"].into_iter().enumerate() {
        for (x, lr) in ["0.0003", "0.001", "0.003"].into_iter().enumerate() {
            let scores: Vec<f64> = if (x, y) == (1, 0) {
                let mut scores: Vec<f64> = first_cell.clone();
                scores[0] += 0.00003;
                scores
            } else {
                let centre = 0.9620 + 0.0004 * (3 * y + x) as f64;
                (0..15)
                    // Three uniforms summed: about normal, standard deviation 0.0012.
                    .map(|_| centre + 0.0012 * (next() + next() + next() - 1.5) * 2.0)
                    .map(|score| (score * 1e6).round() / 1e6)
                    .collect()
            };
            if (x, y) == (0, 0) {
                first_cell = scores.clone();
            }
            if with_seeds {
                for (seed, score) in scores.iter().enumerate() {
                    text.push_str(&format!("{lr},{weight_decay},{seed},{score:.6}\n"));
                }
            } else {
                let mean = scores.iter().sum::<f64>() / 15.0;
                text.push_str(&format!("{lr},{weight_decay},{mean:.6}\n"));
            }
        }
    }
    text
}

fn load(with_seeds: bool) -> Dataset {
    load_csv(&sweep_csv(with_seeds), &CsvOptions::default()).unwrap()
}

fn figure(dataset: &Dataset, decimals: Option<u8>) -> Figure {
    let options = FigureOptions {
        decimals,
        ..FigureOptions::default()
    };
    prepare_figure(dataset, &options).unwrap()
}

/// The cell means, row by row.
fn means(dataset: &Dataset) -> Vec<f64> {
    let grid = &dataset.panels[0].grid;
    (0..3)
        .flat_map(|y| (0..3).map(move |x| grid.value(x, y).unwrap()))
        .collect()
}

/// Decimals a printed number has ("0.9656" -> 4, "42" -> 0).
fn decimals_in(text: &str) -> usize {
    text.split_once('.')
        .map_or(0, |(_, fraction)| fraction.len())
}

/// Every number in a text: runs of digits with at most one point inside.
fn numbers_in(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .map(|word| word.trim_matches('.'))
        .filter(|word| word.chars().any(|c| c.is_ascii_digit()))
        .collect()
}

#[test]
fn noise_starts_at_the_first_significant_digit_of_the_standard_error() {
    assert_eq!(noise_decimals(0.0003), 4);
    assert_eq!(noise_decimals(0.000_96), 4);
    assert_eq!(noise_decimals(0.001), 3);
    assert_eq!(noise_decimals(0.0123), 2);
    assert_eq!(noise_decimals(0.5), 1);
    assert_eq!(noise_decimals(1.0), 0);
    assert_eq!(noise_decimals(8.57), 0);
    assert_eq!(noise_decimals(1234.0), 0);
    // No noise to speak of: no limit below the automatic rule's six.
    assert_eq!(noise_decimals(0.0), 6);
    assert_eq!(noise_decimals(2e-7), 6);
    assert_eq!(noise_decimals(f64::NAN), 6);
}

#[test]
fn a_3_by_3_by_15_seed_sweep_shows_4_decimals_not_6() {
    let dataset = load(true);
    let values = means(&dataset);
    // The rule without noise needs six decimals for these means...
    let mut sorted = values.clone();
    sorted.sort_by(f64::total_cmp);
    let closest = sorted
        .windows(2)
        .map(|pair| pair[1] - pair[0])
        .fold(f64::INFINITY, f64::min);
    assert!((closest - 0.000_002).abs() < 1e-12, "{closest}");
    assert_eq!(choose_decimals(&values), 6);
    // ...but each cell's standard error is about 0.0003 (computed here from the replicates).
    let grid = &dataset.panels[0].grid;
    let mut errors: Vec<f64> = grid
        .present()
        .map(|(_, _, cell)| cell.std_dev.unwrap() / f64::from(cell.count).sqrt())
        .collect();
    errors.sort_by(f64::total_cmp);
    let median = errors[4];
    assert!((0.0001..0.001).contains(&median), "{median}");

    let figure = figure(&dataset, None);
    assert_eq!(figure.panels[0].decimals, 4);
    assert_eq!(figure.decimals, 4);

    // Cell labels in the drawing.
    let layout = layout_figure(&figure, 900.0);
    let svg = render_svg(&figure, &layout).unwrap();
    for value in &values {
        let label = format!("{value:.4}");
        assert!(svg.contains(&format!("\n{label}\n")), "{label} in the SVG");
        assert!(
            !svg.contains(&format!("{value:.6}")),
            "{value:.6} in the SVG"
        );
    }

    // The colour bar: its ends as the cells are written, nice values between them with the
    // decimals they have (0.964, not 0.964000).
    let low = values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let ticks: Vec<&str> = layout.color_bars[0]
        .ticks
        .iter()
        .map(|tick| tick.label.as_str())
        .collect();
    assert_eq!(ticks.first(), Some(&format!("{low:.4}").as_str()));
    assert_eq!(ticks.last(), Some(&format!("{high:.4}").as_str()));
    assert!(ticks.len() >= 4, "{ticks:?}");
    for inner in &ticks[1..ticks.len() - 1] {
        let value: f64 = inner.parse().unwrap();
        assert_eq!(*inner, format!("{value}"), "{ticks:?}");
        assert!(decimals_in(inner) <= 3, "{ticks:?}");
        assert!(low < value && value < high);
    }

    // Hover.
    let info = figure.cell_info(0, 0, 0).unwrap();
    assert_eq!(info.value_label, format!("{:.4}", values[0]));
    assert!(
        info.text.contains(&format!(": {:.4}, ", values[0])),
        "{}",
        info.text
    );
    assert!(info.text.ends_with(", mean of 15 runs"), "{}", info.text);
    // The tooltip's last row: the replicates and their spread, one decimal finer than the value.
    let runs = info.tooltip.last().unwrap();
    assert_eq!(runs.term, "Runs");
    assert_eq!(
        runs.text,
        format!(
            "mean of 15, standard deviation {}",
            info.std_dev_label.as_deref().unwrap()
        )
    );
    assert_eq!(info.std_dev_label.as_deref().map(decimals_in), Some(5));

    // Description, observations and their Markdown: no value past four decimals.
    let description = figure.describe_panel(&figure.panels[0]);
    let sections = observe_figure(&dataset, &figure, &View::Grid, Some(0.95));
    let markdown = observations_markdown(&sections);
    assert!(markdown.contains(&format!("{high:.4}")), "{markdown}");
    for text in [description.as_str(), markdown.as_str()] {
        for number in numbers_in(text) {
            assert!(decimals_in(number) <= 4, "{number} in {text}");
        }
    }
}

#[test]
fn without_standard_errors_the_decimals_are_as_before() {
    // The same means, one value per cell: nothing says where the noise starts.
    let dataset = load(false);
    let values = means(&dataset);
    let figure = figure(&dataset, None);
    assert_eq!(figure.panels[0].decimals, choose_decimals(&values));
    assert_eq!(figure.panels[0].decimals, 6);
    let info = figure.cell_info(0, 0, 0).unwrap();
    assert_eq!(info.value_label, format!("{:.6}", values[0]));
}

#[test]
fn explicit_decimals_win_over_the_noise() {
    let dataset = load(true);
    let values = means(&dataset);
    for decimals in [0u8, 2, 6, 9] {
        let figure = figure(&dataset, Some(decimals));
        assert_eq!(figure.decimals, usize::from(decimals));
        assert_eq!(figure.panels[0].decimals, usize::from(decimals));
        let info = figure.cell_info(0, 0, 0).unwrap();
        assert_eq!(
            info.value_label,
            format!("{:.*}", usize::from(decimals), values[0])
        );
    }
}

#[test]
fn a_difference_is_written_at_the_noise_of_both_models() {
    // Two models on the seed sweep: each cell's standard error about 0.0003, so a difference's
    // about 0.0004 (the two combined): four decimals, where the differences alone need six.
    let one = sweep_csv(true);
    let mut text = String::from("model,lr,weight_decay,seed,f1\n");
    for line in one.lines().skip(1) {
        text.push_str(&format!("A,{line}\n"));
    }
    for (index, line) in one.lines().skip(1).enumerate() {
        let (head, score) = line.rsplit_once(',').unwrap();
        let score: f64 = score.parse().unwrap();
        // B: A's scores, a little lower, by an amount that differs in the sixth decimal.
        let shifted = score - 0.000_301 - 0.000_001 * (index / 15) as f64;
        text.push_str(&format!("B,{head},{shifted:.6}\n"));
    }
    let dataset = load_csv(&text, &CsvOptions::default()).unwrap();
    let options = FigureOptions {
        view: View::Difference {
            a: "A".into(),
            b: "B".into(),
            benchmark: sweepmap::figure::BenchmarkChoice::Named(
                dataset.benchmarks.levels[0].clone(),
            ),
        },
        ..FigureOptions::default()
    };
    let figure = prepare_figure(&dataset, &options).unwrap();
    let differences: Vec<f64> = figure.panels[0]
        .grid
        .present()
        .map(|(_, _, cell)| cell.mean)
        .collect();
    assert_eq!(choose_decimals(&differences), 6);
    assert_eq!(figure.panels[0].decimals, 4);
    assert_eq!(figure.decimals, 4);
}

#[test]
fn nice_ticks_are_exact_decimals_never_finer_than_the_labels() {
    // Adding 0.002 step by step gave 0.9580000000000001, written "0.958000".
    assert_eq!(
        nice_ticks(0.9551, 0.9656, 5, 4),
        [0.956, 0.958, 0.96, 0.962, 0.964]
    );
    // Whole-number labels: no tick at 0.2 that would read "0".
    assert!(nice_ticks(0.0, 1.0, 5, 0).is_empty());
    assert_eq!(nice_ticks(84.0, 89.0, 8, 0), [85.0, 86.0, 87.0, 88.0]);
    assert_eq!(nice_ticks(0.5, 0.52, 5, 2), [0.51]);
}

proptest::proptest! {
    /// Whatever the values and decimals, a colour bar's labels are all different and in order
    /// (but for two ends that round alike), and none has more decimals than the cells are
    /// written with.
    #[test]
    fn colour_bar_labels_differ_and_stay_within_the_decimals(
        low in -1000i64..1000,
        span in 1i64..100_000,
        given in 0usize..6,
        decimals in proptest::option::of(0u8..7),
        height in 1usize..4,
    ) {
        let scale = 10f64.powi(given as i32);
        let text = format!(
            "x,y,value\na,r,{}\nb,r,{}\n",
            low as f64 / scale,
            (low + span) as f64 / scale
        );
        let dataset = load_csv(&text, &CsvOptions::default()).unwrap();
        let options = FigureOptions { decimals, ..FigureOptions::default() };
        let figure = prepare_figure(&dataset, &options).unwrap();
        let most = figure.panels[0].decimals;
        // Taller figures have room for more ticks.
        let layout = layout_figure(&figure, 300.0 * height as f64);
        let labels: Vec<String> = layout.color_bars[0]
            .ticks
            .iter()
            .map(|tick| tick.label.replace('−', "-"))
            .collect();
        // Two ends within the decimals' rounding read the same (nothing lies between them).
        let only_ends = labels.len() == 2;
        for pair in labels.windows(2) {
            let (a, b): (f64, f64) = (pair[0].parse().unwrap(), pair[1].parse().unwrap());
            proptest::prop_assert!(a < b || (only_ends && a == b), "{:?}", labels);
        }
        for label in &labels {
            proptest::prop_assert!(decimals_in(label) <= most, "{:?} at {}", labels, most);
        }
    }
}
