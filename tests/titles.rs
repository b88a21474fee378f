#![cfg(not(target_arch = "wasm32"))]
//! Panel titles fit their panels: a title too wide for its panel wraps at its " | " (model,
//! benchmark), then at spaces, onto at most two lines, a word too long for a line is cut with
//! "…", and no line crosses the middle of the gap to the next panel or the figure's edge.

use sweepmap::figure::{prepare_figure, FigureOptions, View};
use sweepmap::layout::{estimate_text_width, layout_figure, FigureLayout};
use sweepmap::{load_csv, CsvOptions};

/// A sweep of three models on two benchmarks with the names given, 3 x 4 cells each.
fn sweep(models: [&str; 3], benchmarks: [&str; 2]) -> sweepmap::Dataset {
    let mut csv = String::from("model,benchmark,lr,warmup,accuracy\n");
    for (m, model) in models.iter().enumerate() {
        for (b, benchmark) in benchmarks.iter().enumerate() {
            for (y, lr) in ["1e-5", "3e-5", "1e-4", "3e-4"].iter().enumerate() {
                for (x, warmup) in ["0", "100", "500"].iter().enumerate() {
                    let value = 0.5 + 0.01 * (m * 24 + b * 12 + y * 3 + x) as f64;
                    csv.push_str(&format!("{model},{benchmark},{lr},{warmup},{value}\n"));
                }
            }
        }
    }
    load_csv(&csv, &CsvOptions::default()).unwrap()
}

fn grid_layout(dataset: &sweepmap::Dataset, width: f64) -> FigureLayout {
    let options = FigureOptions {
        view: View::Grid,
        ..FigureOptions::default()
    };
    let figure = prepare_figure(dataset, &options).unwrap();
    layout_figure(&figure, width)
}

/// The left and right ends of a centred title line.
fn extent((text, (x, _)): &(String, (f64, f64))) -> (f64, f64) {
    let half = estimate_text_width(text, 14.0) / 2.0;
    (x - half, x + half)
}

#[test]
fn titles_that_fit_stay_one_line_over_their_plot() {
    let dataset = sweep(["A", "B", "C"], ["hellaswag", "arc"]);
    let layout = grid_layout(&dataset, 1400.0);
    for panel in &layout.panels {
        assert_eq!(panel.title.len(), 1);
        let (_, (x, _)) = &panel.title[0];
        assert_eq!(*x, panel.plot.x + panel.plot.width / 2.0);
    }
    assert_eq!(layout.panels[0].title[0].0, "A | hellaswag");
}

#[test]
fn long_titles_wrap_at_their_separator_and_stay_inside_the_figure() {
    let models = [
        "meta-llama/Llama-3.1-8B-Instruct",
        "Qwen/Qwen2.5-7B-Instruct-1M",
        "mistralai/Mistral-7B-Instruct-v0.3",
    ];
    let dataset = sweep(models, ["hellaswag_acc_norm", "arc_challenge_25shot"]);
    for width in [390.0, 700.0, 1400.0] {
        let layout = grid_layout(&dataset, width);
        let one_line = grid_layout(&sweep(["A", "B", "C"], ["h", "a"]), width);
        for panel in &layout.panels {
            let lines: Vec<&str> = panel.title.iter().map(|(t, _)| t.as_str()).collect();
            assert!(lines.len() <= 2, "{lines:?}");
            for line in &panel.title {
                let (left, right) = extent(line);
                assert!(left >= 0.0 && right <= layout.width, "{line:?} at {width}");
            }
            if lines.len() == 2 {
                // Model above, benchmark below: the separator is where it breaks.
                assert!(models.iter().any(|m| lines[0] == *m), "{lines:?}");
                assert!(lines[1] == "hellaswag_acc_norm" || lines[1] == "arc_challenge_25shot");
            }
        }
        // Panels in a row do not share text: each line ends before the next panel's begins.
        for pair in layout.panels.windows(2) {
            let (a, b) = (&pair[0], &pair[1]);
            if a.plot.y != b.plot.y {
                continue;
            }
            let a_right = a.title.iter().map(|l| extent(l).1).fold(f64::MIN, f64::max);
            let b_left = b.title.iter().map(|l| extent(l).0).fold(f64::MAX, f64::min);
            assert!(a_right <= b_left, "titles overlap at {width}");
        }
        // Two-line titles make room: the plots start lower than with one-line titles.
        if layout.panels.iter().any(|p| p.title.len() == 2) {
            assert_eq!(layout.panels[0].plot.y, one_line.panels[0].plot.y + 18.0);
        }
    }
    // At 390 px the panels are one per row, and the longest title wraps.
    let narrow = grid_layout(&dataset, 390.0);
    assert!(narrow
        .panels
        .windows(2)
        .all(|pair| pair[0].plot.y < pair[1].plot.y));
    assert_eq!(
        narrow.panels[0]
            .title
            .iter()
            .map(|(t, _)| t.as_str())
            .collect::<Vec<_>>(),
        ["meta-llama/Llama-3.1-8B-Instruct", "hellaswag_acc_norm"]
    );
}

#[test]
fn a_word_too_long_for_a_line_is_cut_with_an_ellipsis() {
    let long = "x".repeat(150);
    let dataset = sweep([&long, "B", "C"], ["b1", "b2"]);
    let layout = grid_layout(&dataset, 900.0);
    let lines: Vec<&str> = layout.panels[0]
        .title
        .iter()
        .map(|(t, _)| t.as_str())
        .collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].ends_with('…') && lines[0].trim_end_matches('…').chars().all(|c| c == 'x'));
    assert!(lines[0].chars().count() < 100);
    assert_eq!(lines[1], "b1");
}
