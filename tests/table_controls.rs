//! What the explorer's run-table controls read from the core: a parameter's values in its
//! axis order (for a select or a slider), each parameter's main-effect share as shown, and the
//! rows a cell's tooltip adds (the rest of its configuration, the winning values under "best
//! over", its runs), against hand-computed values.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use sweepmap::table::{open_sweep, CellRuns, Choice, NameMap, Sweep, TableOptions, View};

/// Eight runs over a (1, 2), b (x, y) and c (p, q), one accuracy each.
const SMALL: &str = "a,b,c,acc\n\
                     1,x,p,0.1\n\
                     2,x,p,0.2\n\
                     1,y,p,0.3\n\
                     2,y,p,0.4\n\
                     1,x,q,0.5\n\
                     2,x,q,0.05\n\
                     1,y,q,0.6\n\
                     2,y,q,0.35\n";

fn open(text: &str) -> Sweep {
    open_sweep(text, &TableOptions::default()).unwrap()
}

fn view(others: &[(&str, Choice)]) -> View {
    View {
        metric: "acc".into(),
        x: "a".into(),
        y: "b".into(),
        others: others
            .iter()
            .map(|(name, choice)| (name.to_string(), choice.clone()))
            .collect(),
        ..View::default()
    }
}

fn rows(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(name, text)| (name.to_string(), text.to_string()))
        .collect()
}

/// The tooltip rows of every cell of a projection of SMALL, in the dataset's cell order.
fn all_rows(sweep: &Sweep, others: &[(&str, Choice)]) -> Vec<Vec<(String, String)>> {
    let projection = sweep.project(&view(others)).unwrap();
    projection
        .cells
        .iter()
        .map(|cell| projection.view.cell_rows(&projection.best_over, cell))
        .collect()
}

#[test]
fn tooltip_rows_say_each_choice_and_the_winning_values() {
    let sweep = open(SMALL);
    // Best over c: per cell (y = x then y, a = 1 then 2) the value of c that won.
    let best = all_rows(&sweep, &[("c", Choice::Best)]);
    let won = |value: &str| {
        rows(&[
            ("c", &format!("{value} (won in this cell)")),
            (
                "Runs in the cell",
                "2, 1 of them the winning configuration's",
            ),
        ])
    };
    assert_eq!(best, [won("q"), won("p"), won("q"), won("p")]);
    let fixed = all_rows(&sweep, &[("c", Choice::Fixed("p".into()))]);
    assert!(fixed
        .iter()
        .all(|r| *r == rows(&[("c", "p (fixed)"), ("Runs in the cell", "1")])));
    let mean = all_rows(&sweep, &[("c", Choice::Mean)]);
    assert!(mean
        .iter()
        .all(|r| *r == rows(&[("c", "mean over its values"), ("Runs in the cell", "2")])));
    // A facet is the panel's title, not a row.
    let facet = all_rows(&sweep, &[("c", Choice::Facet)]);
    assert_eq!(facet.len(), 8);
    assert!(facet
        .iter()
        .all(|r| *r == rows(&[("Runs in the cell", "1")])));
}

#[test]
fn tooltip_rows_for_empty_and_partly_measured_cells() {
    // a = 2, b = y has one run without the metric; a = 2, b = x no run at all.
    let sweep = open("a,b,c,acc\n1,x,p,0.1\n1,y,p,0.3\n2,y,p,\n2,y,q,0.4\n1,x,q,0.2\n1,y,q,0.5\n");
    let fixed = all_rows(&sweep, &[("c", Choice::Mean)]);
    let runs: Vec<&str> = fixed.iter().map(|r| r[1].1.as_str()).collect();
    assert_eq!(runs, ["2", "none", "2", "2, 1 of them measured"]);
    let projection = sweep.project(&view(&[("c", Choice::Best)])).unwrap();
    let empty = CellRuns {
        runs: 0,
        shown: 0,
        winner: None,
    };
    assert_eq!(
        projection.view.cell_rows(&projection.best_over, &empty),
        rows(&[("Runs in the cell", "none")])
    );
}

#[test]
fn tooltip_rows_name_every_other_parameter_in_name_order() {
    let text = "lr,wd,opt,bs,acc\n\
                1,0,adam,32,0.5\n\
                1,0,sgd,64,0.7\n\
                2,0,adam,64,0.6\n\
                2,0,sgd,32,0.4\n\
                1,1,adam,64,0.3\n\
                2,1,sgd,64,0.2\n";
    let sweep = open(text);
    let projection = sweep
        .project(&View {
            metric: "acc".into(),
            x: "lr".into(),
            y: "wd".into(),
            others: NameMap::from([
                ("opt".to_string(), Choice::Best),
                ("bs".to_string(), Choice::Fixed("64".into())),
            ]),
            ..View::default()
        })
        .unwrap();
    // lr = 1, wd = 0 with bs = 64: one run, sgd.
    let first = projection
        .view
        .cell_rows(&projection.best_over, &projection.cells[0]);
    assert_eq!(
        first,
        rows(&[
            ("bs", "64 (fixed)"),
            ("opt", "sgd (won in this cell)"),
            ("Runs in the cell", "1"),
        ])
    );
}

#[test]
fn parameter_values_come_in_axis_order() {
    // Numbers first seen 4, 1, 2, 3 (as an Optuna study samples them) come back ascending;
    // text keeps the order it was first seen in.
    let text =
        "layers,opt,lr,acc\n4,sgd,1,0.1\n1,adam,2,0.2\n2,sgd,1,0.3\n3,adam,2,0.4\n4,adam,1,0.5\n";
    let sweep = open(text);
    assert_eq!(
        sweep.parameter_values("layers").unwrap(),
        ["1", "2", "3", "4"]
    );
    assert_eq!(sweep.parameter_values("opt").unwrap(), ["sgd", "adam"]);
    assert_eq!(sweep.parameter_values("acc"), None);
    let dataset = sweep
        .project(&View {
            metric: "acc".into(),
            x: "layers".into(),
            y: "lr".into(),
            ..View::default()
        })
        .unwrap()
        .dataset;
    assert_eq!(sweep.parameter_values("layers").unwrap(), dataset.x.labels);
}

#[test]
fn main_effect_shares_are_labelled_as_percentages() {
    let sweep = open(SMALL);
    let effects = sweep.main_effects("acc").unwrap();
    let labels: Vec<(&str, &str)> = effects
        .iter()
        .map(|e| (e.label.as_str(), e.share_label.as_str()))
        .collect();
    // b: 0.08 of 0.25375 is 31.5 %; a and c: 0.03125 of 0.25375 is 12.3 %.
    assert_eq!(labels, [("b", "32 %"), ("a", "12 %"), ("c", "12 %")]);
}

proptest! {
    /// Whatever the order numbers are first seen in, the values come back sorted, each once,
    /// as the axis drawing them shows them (at most 7 values: never binned).
    #[test]
    fn numeric_parameter_values_are_sorted(levels in proptest::collection::vec(0u32..7, 2..30)) {
        let mut text = String::from("p,q,acc\n");
        for (run, level) in levels.iter().enumerate() {
            text.push_str(&format!("{level},{},{}\n", run % 2, run));
        }
        let distinct: std::collections::BTreeSet<u32> = levels.iter().copied().collect();
        prop_assume!(distinct.len() >= 2);
        let sweep = open(&text);
        let values = sweep.parameter_values("p").unwrap();
        let expected: Vec<String> = distinct.iter().map(u32::to_string).collect();
        prop_assert_eq!(values, expected);
    }
}
