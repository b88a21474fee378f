//! "Copy as LaTeX": the booktabs tables of the seed figures, exactly, and the structure of the
//! tables of every seed view (values as the cells write them, bold exactly at the figure's own
//! peaks, every tie included). The escaper over hostile labels is checked in
//! tests/hostile_corpus.rs and tests/export_properties.rs.
#![cfg(not(target_arch = "wasm32"))]

#[path = "support/exports.rs"]
mod exports;

use std::path::PathBuf;

use sweepmap::figure::{
    figure_latex, prepare_figure, BenchmarkChoice, Figure, FigureOptions, View,
};
use sweepmap::{load_json, Dataset};

use exports::check_latex;

fn dataset(name: &str) -> Dataset {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("www/data")
        .join(name);
    load_json(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn figure(dataset: &Dataset, view: View) -> Figure {
    let options = FigureOptions {
        view,
        ..FigureOptions::default()
    };
    prepare_figure(dataset, &options).unwrap()
}

/// The table of the panel titled `title`, from its `\begin{table}` to its `\end{table}`.
fn table<'a>(latex: &'a str, title: &str) -> &'a str {
    let start = latex
        .find(&format!(
            "\\begin{{table}}\n\\centering\n\\caption{{{title}:"
        ))
        .unwrap_or_else(|| panic!("no table for {title} in\n{latex}"));
    let end = latex[start..].find("\\end{table}\n").unwrap() + "\\end{table}\n".len();
    &latex[start..start + end]
}

/// Seed 002: R1-Qwen across its benchmarks.
fn seed_qwen() -> Figure {
    figure(
        &dataset("kv-cache-sweep.json"),
        View::Model {
            model: "R1-Qwen".into(),
        },
    )
}

#[test]
fn seed_amc23_bolds_every_tied_peak_the_figure_marks() {
    let figure = seed_qwen();
    let latex = figure_latex(&figure);
    assert!(latex.starts_with(
        "% Tables by sweepmap: \\usepackage{booktabs} in the preamble.\n\n\\begin{table}\n"
    ));
    // Four cells tie at 88.5, written "89" (AMC23's noise allows whole numbers only; the other
    // cells, 88.0 at most, read "88" or less), and the figure marks all four: all four are bold.
    let amc = figure
        .panels
        .iter()
        .find(|p| p.title == "R1-Qwen | AMC23")
        .unwrap();
    assert_eq!(amc.peaks.len(), 4);
    assert_eq!(
        table(&latex, "R1-Qwen \\textbar{} AMC23"),
        "\\begin{table}
\\centering
\\caption{R1-Qwen \\textbar{} AMC23: Pass@1 (\\%) by Ratio and Local Window Size. Higher is better; the 4 tied best values in bold.}
\\begin{tabular}{lrrrrr}
\\toprule
 & \\multicolumn{5}{c}{Ratio} \\\\
\\cmidrule(l){2-6}
Local Window Size & 0.1 & 0.2 & 0.3 & 0.4 & 0.5 \\\\
\\midrule
3000 & 87 & 88 & 88 & 87 & 86 \\\\
2000 & 88 & 85 & 88 & \\textbf{89} & 88 \\\\
1000 & 86 & 88 & 88 & 88 & \\textbf{89} \\\\
500 & 87 & 86 & 87 & \\textbf{89} & \\textbf{89} \\\\
\\bottomrule
\\end{tabular}
\\end{table}
"
    );
}

#[test]
fn seed_reported_average_keeps_one_decimal_and_one_bold_peak() {
    let latex = figure_latex(&seed_qwen());
    assert_eq!(
        table(&latex, "R1-Qwen \\textbar{} Average (reported)"),
        "\\begin{table}
\\centering
\\caption{R1-Qwen \\textbar{} Average (reported): Pass@1 (\\%) by Ratio and Local Window Size. Higher is better; the best value in bold.}
\\begin{tabular}{lrrrrr}
\\toprule
 & \\multicolumn{5}{c}{Ratio} \\\\
\\cmidrule(l){2-6}
Local Window Size & 0.1 & 0.2 & 0.3 & 0.4 & 0.5 \\\\
\\midrule
3000 & 53.9 & 53.9 & 53.2 & 54.4 & 53.8 \\\\
2000 & 52.4 & 51.9 & 54.6 & \\textbf{56.3} & 53.7 \\\\
1000 & 52.2 & 54.4 & 53.8 & 53.3 & 53.0 \\\\
500 & 51.5 & 51.8 & 52.0 & 54.3 & 54.6 \\\\
\\bottomrule
\\end{tabular}
\\end{table}
"
    );
}

#[test]
fn every_seed_view_writes_one_sound_table_per_panel() {
    let mut reconciliations = 0;
    for file in [
        "kv-cache-sweep.json",
        "kv-cache-averages.json",
        "partial-r1-qwen.json",
    ] {
        let data = dataset(file);
        let models = data.models.levels.clone();
        let mut views = vec![
            View::Grid,
            View::Benchmark {
                benchmark: BenchmarkChoice::Mean,
            },
        ];
        views.extend(models.iter().map(|model| View::Model {
            model: model.clone(),
        }));
        if let [a, b, ..] = models.as_slice() {
            views.push(View::Difference {
                a: a.clone(),
                b: b.clone(),
                benchmark: BenchmarkChoice::Mean,
            });
        }
        views.extend(data.benchmarks.levels.iter().flat_map(|benchmark| {
            models.iter().map(move |model| View::Reconcile {
                model: model.clone(),
                benchmark: benchmark.clone(),
            })
        }));
        for view in views {
            let Ok(figure) = prepare_figure(
                &data,
                &FigureOptions {
                    view: view.clone(),
                    ..FigureOptions::default()
                },
            ) else {
                continue;
            };
            reconciliations += usize::from(figure.reconciliation().is_some());
            assert_eq!(check_latex(&figure), Ok(()), "{file} {view:?}");
        }
    }
    assert!(reconciliations > 0);
}

#[test]
fn a_difference_says_what_is_subtracted_and_bolds_nothing() {
    let figure = figure(
        &dataset("kv-cache-sweep.json"),
        View::Difference {
            a: "R1-Qwen".into(),
            b: "R1-Llama".into(),
            benchmark: BenchmarkChoice::Named("AMC23".into()),
        },
    );
    let latex = figure_latex(&figure);
    assert!(!latex.contains("\\textbf"), "{latex}");
    assert!(!latex.contains("is better"), "{latex}");
    assert!(latex.contains("$-$"), "{latex}");
    assert_eq!(check_latex(&figure), Ok(()));
}

#[test]
fn a_synthetic_caption_ends_the_table_caption_and_lower_is_better_is_said() {
    let mut figure = seed_qwen();
    figure.caption = Some("Synthetic example: 50% made_up".into());
    figure.direction = sweepmap::Direction::Lower;
    let latex = figure_latex(&figure);
    assert!(
        latex.contains(
            "Local Window Size. Lower is better; the best value in bold. Synthetic example: 50\\% \
             made\\_up}\n"
        ),
        "{latex}"
    );
}
