//! Key observations: sentences about a panel or a figure that say only what the data support.
//!
//! Every sentence is generated from a structured [`Claim`] computed by the analysis routines, and
//! carries it, so a test can check each sentence against facts recomputed independently. Peaks
//! name every tied cell; a trend is claimed only when the pooled rank correlation is at least
//! weak *and* more rows (or columns) go that way than the other, otherwise the sentence says
//! there is no consistent trend; the uncertainty caveat says how many cells the peak cannot be
//! told apart from. The same observations serve the summary beside the figure, the panels'
//! accessible descriptions, and a Markdown copy.

use serde::Serialize;

use super::markdown::{MarkdownWriter, TableColumn};
use super::wording::{counted, format_signed, grouped};
use super::{format_value, Figure, PanelKind, View};
use crate::analysis::{
    difference, measure_trends, rank_configurations, summarize, test_against_peak, value_scale,
    CellError, CellPosition, Difference, DifferenceTest, PeakTest, TrendDirection, TrendStrength,
    ValueScale,
};
use crate::display::display_label;
use crate::{Axis, Dataset, Direction, Grid};

/// The axis a trend runs along.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum AxisName {
    X,
    Y,
}

/// The fact behind one sentence.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Claim {
    /// The best value and every cell that reaches it.
    Peak {
        value: f64,
        cells: Vec<CellPosition>,
    },
    /// The worst value and every cell at it.
    Lowest {
        value: f64,
        cells: Vec<CellPosition>,
    },
    /// How far the values spread.
    Spread {
        min: f64,
        max: f64,
        mean: f64,
        standard_deviation: Option<f64>,
    },
    /// A trend along an axis; `direction` is `None` for "no consistent trend".
    Trend {
        axis: AxisName,
        direction: Option<TrendDirection>,
        strength: TrendStrength,
        rank_correlation: Option<f64>,
        lines_with: usize,
        lines: usize,
    },
    /// How many cells are missing.
    Missing { present: usize, missing: usize },
    /// How many other cells the peak cannot be told apart from.
    Uncertainty {
        level: f64,
        indistinguishable: usize,
        others: usize,
    },
    /// One model against another over the configurations both have.
    Comparison {
        a: String,
        b: String,
        a_ahead: usize,
        b_ahead: usize,
        equal: usize,
        mean_difference: f64,
    },
    /// Where one model is ahead of the other beyond noise (a difference view).
    BeyondNoise {
        level: f64,
        a_ahead: usize,
        b_ahead: usize,
        within_noise: usize,
        untestable: usize,
    },
    /// A reported aggregate against the mean of its parts.
    Reconciliation {
        mismatches: usize,
        compared: usize,
        tolerance: f64,
        max_abs_difference: Option<f64>,
    },
    /// The best configuration across benchmarks by mean rank.
    BestConfiguration {
        cell: CellPosition,
        mean_rank: f64,
        top_three: usize,
        benchmarks: usize,
    },
}

/// One sentence and the claim it states.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Observation {
    pub text: String,
    pub claim: Claim,
}

/// What a panel's sentences need to know besides its grid.
#[derive(Debug, Clone, Copy)]
pub struct PanelContext<'a> {
    pub x: &'a Axis,
    pub y: &'a Axis,
    /// The metric's name as the sentences use it, e.g. "Pass@1".
    pub metric: &'a str,
    /// True when differences are percentage points.
    pub percent: bool,
    pub direction: Direction,
    pub decimals: usize,
    /// Standard errors per cell and the test level, when known.
    pub errors: Option<(&'a [Option<CellError>], f64)>,
}

impl PanelContext<'_> {
    fn value(&self, value: f64) -> String {
        format_value(value, self.decimals)
    }

    fn amount(&self, value: f64) -> String {
        if self.percent {
            let unit = if format_value(value, self.decimals) == "1" {
                "point"
            } else {
                "points"
            };
            format!("{} {unit}", self.value(value))
        } else {
            self.value(value)
        }
    }

    /// "Ratio 0.4 and Local Window Size 2000", with names and labels as shown (see
    /// [`crate::display`]).
    pub fn cell(&self, cell: CellPosition) -> String {
        format!(
            "{} {} and {} {}",
            display_label(&self.x.name),
            display_label(self.x.label(cell.x).unwrap_or("?")),
            display_label(&self.y.name),
            display_label(self.y.label(cell.y).unwrap_or("?"))
        )
    }

    fn cells(&self, cells: &[CellPosition]) -> String {
        let mut names: Vec<String> = Vec::with_capacity(cells.len());
        for cell in cells {
            names.push(self.cell(*cell));
        }
        match names.as_slice() {
            [] => String::new(),
            [one] => one.clone(),
            [rest @ .., last] => format!("{}, and {last}", rest.join(", ")),
        }
    }
}

fn extreme_sentence(
    context: &PanelContext<'_>,
    word: &str,
    value: f64,
    cells: &[CellPosition],
) -> String {
    let metric = context.metric;
    let value = context.value(value);
    if cells.len() == 1 {
        format!(
            "The {word} {metric} is {value}, at {}.",
            context.cells(cells)
        )
    } else {
        format!(
            "The {word} {metric}, {value}, is shared by {} configurations: {}.",
            cells.len(),
            context.cells(cells)
        )
    }
}

/// The observations about one panel.
pub fn observe_panel(grid: &Grid, context: &PanelContext<'_>) -> Vec<Observation> {
    let Some(summary) = summarize(grid, context.direction) else {
        return vec![Observation {
            text: "No cell of this panel has a value.".into(),
            claim: Claim::Missing {
                present: 0,
                missing: grid.missing_count(),
            },
        }];
    };
    let (best, worst) = match context.direction {
        Direction::Higher => ("highest", "lowest"),
        Direction::Lower => ("lowest", "highest"),
    };
    let mut observations = vec![
        Observation {
            text: extreme_sentence(context, best, summary.peak.value, &summary.peak.cells),
            claim: Claim::Peak {
                value: summary.peak.value,
                cells: summary.peak.cells.clone(),
            },
        },
        Observation {
            text: extreme_sentence(context, worst, summary.worst.value, &summary.worst.cells),
            claim: Claim::Lowest {
                value: summary.worst.value,
                cells: summary.worst.cells.clone(),
            },
        },
    ];
    let (min, max) = match context.direction {
        Direction::Higher => (summary.worst.value, summary.peak.value),
        Direction::Lower => (summary.peak.value, summary.worst.value),
    };
    let spread_detail = match summary.sample_standard_deviation {
        Some(deviation) => format!(
            "mean {}, standard deviation {}",
            context.value(summary.mean),
            context.value(deviation)
        ),
        None => format!("mean {}", context.value(summary.mean)),
    };
    observations.push(Observation {
        text: format!(
            "Values span {} ({} to {}); {spread_detail}.",
            context.amount(max - min),
            context.value(min),
            context.value(max)
        ),
        claim: Claim::Spread {
            min,
            max,
            mean: summary.mean,
            standard_deviation: summary.sample_standard_deviation,
        },
    });

    let trends = measure_trends(grid);
    for (axis, trend, line_word) in [
        (AxisName::X, &trends.along_x, "rows"),
        (AxisName::Y, &trends.along_y, "columns"),
    ] {
        let along = match axis {
            AxisName::X => context.x,
            AxisName::Y => context.y,
        };
        // Along models, tasks or other text categories there is no trend to speak of: their
        // order is only the order of the data.
        if !along.is_ordered() {
            continue;
        }
        let axis_name = display_label(&along.name);
        let supported = trend.direction.filter(|d| trend.agrees_with(*d));
        let lines_with = match supported {
            Some(TrendDirection::Increasing) => trend.lines_increasing,
            Some(TrendDirection::Decreasing) => trend.lines_decreasing,
            None => 0,
        };
        let rho = trend
            .rank_correlation
            .map(|rho| format!("Spearman ρ = {}", format_value(rho, 2)))
            .unwrap_or_else(|| "too few cells to tell".into());
        let text = match supported {
            Some(direction) => {
                let verb = match direction {
                    TrendDirection::Increasing => "rises",
                    TrendDirection::Decreasing => "falls",
                };
                let against = match direction {
                    TrendDirection::Increasing => trend.lines_decreasing,
                    TrendDirection::Decreasing => trend.lines_increasing,
                };
                // The sentence begins with words of ours, so names from the data (the metric,
                // the axis) are shown exactly as written, never capitalised.
                format!(
                    "Along {axis_name}, {} {verb}: a {} trend ({rho}; {lines_with} of {} \
                     {line_word} agree, {against} disagree).",
                    context.metric,
                    trend.strength.as_str(),
                    trend.lines
                )
            }
            // A pooled correlation the lines do not back: say both, never "no trend" beside a
            // correlation of 0.9.
            None => match trend.direction {
                Some(direction) => {
                    let (verb, with, against) = match direction {
                        TrendDirection::Increasing => {
                            ("rises", trend.lines_increasing, trend.lines_decreasing)
                        }
                        TrendDirection::Decreasing => {
                            ("falls", trend.lines_decreasing, trend.lines_increasing)
                        }
                    };
                    let lines = if with + against == 0 {
                        let line = line_word.trim_end_matches('s');
                        format!("no {line} goes up or down on its own")
                    } else {
                        format!(
                            "{with} of {} {line_word} agree and {against} disagree",
                            trend.lines
                        )
                    };
                    format!(
                        "Along {axis_name}, {} {verb} overall ({rho}), but {lines}, so no \
                         trend is claimed.",
                        context.metric
                    )
                }
                None => format!("There is no consistent trend along {axis_name} ({rho})."),
            },
        };
        observations.push(Observation {
            text,
            claim: Claim::Trend {
                axis,
                direction: supported,
                strength: if supported.is_some() {
                    trend.strength
                } else {
                    TrendStrength::NoTrend
                },
                rank_correlation: trend.rank_correlation,
                lines_with,
                lines: trend.lines,
            },
        });
    }

    if summary.missing > 0 {
        observations.push(Observation {
            text: format!(
                "{} of {} cells {} missing.",
                summary.missing,
                summary.present + summary.missing,
                if summary.missing == 1 { "is" } else { "are" }
            ),
            claim: Claim::Missing {
                present: summary.present,
                missing: summary.missing,
            },
        });
    }

    if let Some((errors, level)) = context.errors {
        if let Ok(Some(test)) = test_against_peak(grid, errors, context.direction, level) {
            if let Some(observation) = uncertainty_observation(&test) {
                observations.push(observation);
            }
        }
    }
    observations
}

fn uncertainty_observation(test: &PeakTest) -> Option<Observation> {
    let others = test.present.saturating_sub(test.peak.len());
    if others == 0 || test.untestable >= others {
        return None;
    }
    // The test's sentence begins with a word of ours ("the peak ...", "no standard errors ..."),
    // in ASCII: upper-casing its first letter never touches a label.
    let mut text = test.sentence();
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    text.push('.');
    Some(Observation {
        text,
        claim: Claim::Uncertainty {
            level: test.level,
            indistinguishable: test.indistinguishable.len(),
            others,
        },
    })
}

/// "R1-Qwen is ahead of R1-Llama in 19 of 20 configurations ...", by the metric's direction.
pub fn compare_models(
    context: &PanelContext<'_>,
    (a_name, a): (&str, &Grid),
    (b_name, b): (&str, &Grid),
) -> Option<Observation> {
    let result = difference(a, b).ok()?;
    let mean = result.mean_difference?;
    let (a_ahead, b_ahead) = match context.direction {
        Direction::Higher => (result.a_higher, result.b_higher),
        Direction::Lower => (result.b_higher, result.a_higher),
    };
    let both = a_ahead + b_ahead + result.equal;
    let (a_shown, b_shown) = (display_label(a_name), display_label(b_name));
    let (leader, leader_count, other, other_count) = if a_ahead >= b_ahead {
        (&a_shown, a_ahead, &b_shown, b_ahead)
    } else {
        (&b_shown, b_ahead, &a_shown, a_ahead)
    };
    let mut text =
        format!("{leader} is ahead of {other} in {leader_count} of {both} configurations");
    if other_count > 0 || result.equal > 0 {
        text.push_str(&format!(
            " ({other} ahead in {other_count}, equal in {})",
            result.equal
        ));
    }
    text.push_str(&format!(
        "; on average {a_shown} minus {b_shown} is {}.",
        context.amount(mean)
    ));
    Some(Observation {
        text,
        claim: Claim::Comparison {
            a: a_name.to_string(),
            b: b_name.to_string(),
            a_ahead,
            b_ahead,
            equal: result.equal,
            mean_difference: mean,
        },
    })
}

/// Models side by side are compared in every pair up to this many (28 sentences for 8); beyond
/// it, each with the leader alone: n - 1 sentences, where every pair of the 1,000 models a
/// figure may show would be 499,500.
pub const MAX_MODELS_COMPARED_IN_PAIRS: usize = 8;

/// A model's name and its panel's grid.
type NamedGrid<'a> = (&'a str, &'a Grid);

/// The pairs of models side by side that the observations compare: every pair, in panel order,
/// up to [`MAX_MODELS_COMPARED_IN_PAIRS`] models; beyond that the leader (the best mean of its
/// present cells in the metric's direction, the first of equals) against each other model.
fn compared_pairs<'a>(
    models: &[NamedGrid<'a>],
    direction: Direction,
) -> Vec<(NamedGrid<'a>, NamedGrid<'a>)> {
    if models.len() <= MAX_MODELS_COMPARED_IN_PAIRS {
        let mut pairs = Vec::new();
        for (index, first) in models.iter().enumerate() {
            for second in models.iter().skip(index + 1) {
                pairs.push((*first, *second));
            }
        }
        return pairs;
    }
    let mean = |grid: &Grid| {
        let (sum, count) = grid
            .present()
            .fold((0.0, 0usize), |(sum, count), (_, _, cell)| {
                (sum + cell.mean, count + 1)
            });
        (count > 0).then(|| sum / count as f64)
    };
    let better = |candidate: f64, best: f64| match direction {
        Direction::Higher => candidate > best,
        Direction::Lower => candidate < best,
    };
    let mut leader: Option<(usize, f64)> = None;
    for (index, (_, grid)) in models.iter().enumerate() {
        if let Some(value) = mean(grid) {
            if leader.map_or(true, |(_, best)| better(value, best)) {
                leader = Some((index, value));
            }
        }
    }
    let leader = leader.map_or(0, |(index, _)| index);
    let Some(first) = models.get(leader) else {
        return Vec::new();
    };
    let mut pairs = Vec::with_capacity(models.len());
    for (index, other) in models.iter().enumerate() {
        if index != leader {
            pairs.push((*first, *other));
        }
    }
    pairs
}

/// The key observations of a figure: one section per panel, then one across panels (model
/// comparisons for side-by-side models, the best configuration by mean rank for one model's
/// benchmarks). `level` turns on the uncertainty caveat (e.g. 0.95).
pub fn observe_figure(
    dataset: &Dataset,
    figure: &Figure,
    view: &View,
    level: Option<f64>,
) -> Vec<(String, Vec<Observation>)> {
    let scale = value_scale(dataset);
    let metric = display_label(&dataset.metric.name);
    let metric = metric.as_ref();
    let percent = scale == Some(ValueScale::Percent);
    let mut sections = Vec::new();
    for panel in &figure.panels {
        // A panel of differences (the difference view, a reconciliation's third panel) speaks
        // of differences, and its noise statement is about who is ahead, not about a peak.
        let signed = matches!(panel.kind, PanelKind::Difference { .. });
        let context = PanelContext {
            x: &figure.x,
            y: &figure.y,
            metric: if signed { "difference" } else { metric },
            percent,
            direction: figure.direction,
            decimals: panel.decimals,
            errors: level
                .filter(|_| !signed && !panel.errors.is_empty())
                .map(|level| (panel.errors.as_slice(), level)),
        };
        let mut observations = observe_panel(&panel.grid, &context);
        if let (Some(test), View::Difference { a, b, .. }) = (figure.difference_test(), view) {
            observations.push(beyond_noise_observation(test, a, b));
        }
        sections.push((panel.title.clone(), observations));
    }

    let context = PanelContext {
        x: &figure.x,
        y: &figure.y,
        metric,
        percent,
        direction: figure.direction,
        decimals: figure.decimals,
        errors: None,
    };
    let mut across = Vec::new();
    match view {
        View::Benchmark { .. } => {
            let mut models: Vec<(&str, &Grid)> = Vec::new();
            for panel in &figure.panels {
                if let Some(model) = panel.model.as_deref() {
                    models.push((model, &panel.grid));
                }
            }
            for (a, b) in compared_pairs(&models, figure.direction) {
                across.extend(compare_models(&context, a, b));
            }
        }
        View::Model { model } => {
            let ranking = dataset
                .model_index(model)
                .ok()
                .and_then(|index| rank_configurations(dataset, index).ok());
            // Across one benchmark the best by mean rank is that panel's peak: nothing to add.
            let best = ranking.as_ref().and_then(|r| r.configurations.first());
            if let Some(best) = best.filter(|best| best.benchmarks_present > 1) {
                let benchmarks = best.benchmarks_present;
                across.push(Observation {
                    text: format!(
                        "Across {benchmarks} benchmarks the best configuration by mean rank is {} \
                         (mean rank {}; in the top three on {} of {benchmarks}).",
                        context.cell(best.position),
                        format_value(best.mean_rank, 2),
                        best.top_three
                    ),
                    claim: Claim::BestConfiguration {
                        cell: best.position,
                        mean_rank: best.mean_rank,
                        top_three: best.top_three,
                        benchmarks,
                    },
                });
            }
        }
        View::Reconcile { .. } => {
            if let Some(result) = figure.reconciliation() {
                let derived = figure
                    .panels
                    .get(1)
                    .map_or(figure.decimals + 1, |panel| panel.decimals);
                let tolerance = format_value(result.tolerance, derived);
                let mut text = if result.mismatches.is_empty() {
                    format!(
                        "All {} reported cells equal the mean of their parts within rounding \
                         (± {tolerance}).",
                        result.compared
                    )
                } else {
                    let worst = result
                        .mismatches
                        .iter()
                        .max_by(|a, b| a.difference.abs().total_cmp(&b.difference.abs()));
                    let mut text = format!(
                        "{} of {} reported cells differ from the mean of their parts by more \
                         than rounding (± {tolerance})",
                        result.mismatches.len(),
                        result.compared
                    );
                    if let Some(worst) = worst {
                        text.push_str(&format!(
                            "; the largest gap is {} at {} (reported {}, recomputed {})",
                            context.amount(worst.difference.abs()),
                            context.cell(worst.position),
                            context.value(worst.reported),
                            format_value(worst.recomputed, derived)
                        ));
                    }
                    text.push('.');
                    text
                };
                if result.only_reported + result.only_recomputed > 0 {
                    text.push_str(&format!(
                        " {} cells are present on one side only.",
                        result.only_reported + result.only_recomputed
                    ));
                }
                across.push(Observation {
                    text,
                    claim: Claim::Reconciliation {
                        mismatches: result.mismatches.len(),
                        compared: result.compared,
                        tolerance: result.tolerance,
                        max_abs_difference: result.max_abs_difference,
                    },
                });
            }
        }
        View::Grid | View::Difference { .. } => {}
    }
    if !across.is_empty() {
        sections.push(("Across panels".to_string(), across));
    }
    sections
}

/// "Beyond noise at 95 %, R1-Qwen is ahead in 2 and R1-Llama in 1 of 20 configurations ...".
fn beyond_noise_observation(test: &DifferenceTest, a: &str, b: &str) -> Observation {
    let (a, b) = (display_label(a), display_label(b));
    let level = format!(
        "{} %",
        format_value(test.level * 100.0, 1).trim_end_matches(".0")
    );
    let compared = test.a_ahead.len() + test.b_ahead.len() + test.within_noise;
    let text = if test.a_ahead.is_empty() && test.b_ahead.is_empty() {
        format!(
            "No configuration has either model ahead beyond noise at {level}: all {compared} \
             differences are within it."
        )
    } else {
        format!(
            "Beyond noise at {level}, {a} is ahead in {} and {b} in {} of {compared} \
             configurations; the other {} differences are within it.",
            test.a_ahead.len(),
            test.b_ahead.len(),
            test.within_noise
        )
    };
    Observation {
        text,
        claim: Claim::BeyondNoise {
            level: test.level,
            a_ahead: test.a_ahead.len(),
            b_ahead: test.b_ahead.len(),
            within_noise: test.within_noise,
            untestable: test.untestable,
        },
    }
}

/// Observations as a Markdown list under a heading per panel.
pub fn observations_markdown(sections: &[(String, Vec<Observation>)]) -> String {
    let mut writer = MarkdownWriter::default();
    write_sections(&mut writer, sections);
    writer.finish()
}

fn write_sections(writer: &mut MarkdownWriter, sections: &[(String, Vec<Observation>)]) {
    for (title, observations) in sections {
        if !title.is_empty() {
            writer.heading(3, title);
        }
        writer.bullets(observations.iter().map(|o| o.text.as_str()));
    }
}

/// Who is ahead how often in a difference view, as lines under a heading ("R1-Llama against
/// R1-Qwen").
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DifferenceLines {
    pub heading: String,
    pub lines: Vec<String>,
}

/// The tallies of `a - b` in words.
pub fn difference_lines(result: &Difference, a: &str, b: &str) -> DifferenceLines {
    let compared = result.a_higher + result.equal + result.b_higher;
    let mut lines = vec![
        format!(
            "{a} is higher in {} of {}.",
            grouped(result.a_higher),
            counted(compared, "configuration")
        ),
        format!("{b} is higher in {}.", grouped(result.b_higher)),
        format!(
            "{} {}.",
            counted(result.equal, "configuration"),
            if result.equal == 1 { "ties" } else { "tie" }
        ),
    ];
    if result.only_in_a > 0 || result.only_in_b > 0 {
        lines.push(format!(
            "Measured for one model only: {} for {a}, {} for {b} (not compared).",
            result.only_in_a, result.only_in_b
        ));
    }
    DifferenceLines {
        heading: format!("{a} against {b}"),
        lines,
    }
}

/// One cell of a reconciliation whose reported value differs from the mean of its parts beyond
/// rounding, as the table shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MismatchRow {
    pub position: CellPosition,
    /// `|reported - recomputed|` at the decimals the difference is shown with: the rows are
    /// sorted by it, largest first, equal gaps in the order of the cells.
    pub gap: f64,
    /// The x and y labels, the reported value, the recomputed one and the signed difference
    /// ("+1.30", "−2.10"), each written as the figure's panels write them.
    pub cells: Vec<String>,
}

/// The mismatches of a reconciliation as a table, largest gap first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MismatchTable {
    pub caption: String,
    pub columns: Vec<TableColumn>,
    pub rows: Vec<MismatchRow>,
}

/// `value` rounded at `decimals`, for ordering by what is shown.
fn rounded(value: f64, decimals: usize) -> f64 {
    let scale = 10f64.powi(i32::try_from(decimals).unwrap_or(i32::MAX));
    (value * scale).round() / scale
}

/// The table of a reconciliation's mismatches (the figure's three panels being the reported,
/// recomputed and difference ones); `None` for any other figure or when nothing disagrees.
pub fn mismatch_table(figure: &Figure) -> Option<MismatchTable> {
    let result = figure.reconciliation()?;
    let [reported, recomputed, difference, ..] = figure.panels.as_slice() else {
        return None;
    };
    if result.mismatches.is_empty() {
        return None;
    }
    let mut rows: Vec<MismatchRow> = Vec::with_capacity(result.mismatches.len());
    for mismatch in &result.mismatches {
        let position = mismatch.position;
        rows.push(MismatchRow {
            position,
            gap: rounded(mismatch.difference.abs(), difference.decimals),
            cells: vec![
                figure.x.label(position.x).unwrap_or_default().to_string(),
                figure.y.label(position.y).unwrap_or_default().to_string(),
                format_value(mismatch.reported, reported.decimals),
                format_value(mismatch.recomputed, recomputed.decimals),
                format_signed(mismatch.difference, difference.decimals),
            ],
        });
    }
    // A stable sort (one copy of it for the whole crate): equal gaps keep the order of the cells.
    crate::sort::sort_by(&mut rows, |a, b| b.gap.total_cmp(&a.gap));
    let (x_name, y_name) = figure.axis_names(reported);
    Some(MismatchTable {
        caption: format!(
            "Cells that differ beyond rounding (± {}), largest gap first",
            format_value(result.tolerance, recomputed.decimals)
        ),
        columns: vec![
            TableColumn::text(x_name),
            TableColumn::text(y_name),
            TableColumn::numeric("Reported"),
            TableColumn::numeric("Recomputed"),
            TableColumn::numeric("Difference"),
        ],
        rows,
    })
}

/// The panels' sections, then the others.
pub type SectionsSplit<'a> = (
    &'a [(String, Vec<Observation>)],
    &'a [(String, Vec<Observation>)],
);

/// Everything the page shows under a sweep figure, in words: the observations (one section per
/// panel, then "Across panels" when it has any), who is ahead how often for a difference, and
/// the mismatch table of a reconciliation.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyObservations {
    /// `(title, observations)`: the first `panels` are the panels', in panel order.
    pub sections: Vec<(String, Vec<Observation>)>,
    pub panels: usize,
    /// What the figure shows of a larger table (the dataset's `shows`, as shown).
    pub shows: Option<String>,
    pub difference: Option<DifferenceLines>,
    pub mismatches: Option<MismatchTable>,
}

/// The key observations of a figure and what a difference or a reconciliation adds (see
/// [`observe_figure`] for `level`).
pub fn key_observations(
    dataset: &Dataset,
    figure: &Figure,
    view: &View,
    level: Option<f64>,
) -> KeyObservations {
    let difference = match (view, figure.difference()) {
        (View::Difference { a, b, .. }, Some(result)) => Some(difference_lines(result, a, b)),
        _ => None,
    };
    KeyObservations {
        sections: observe_figure(dataset, figure, view, level),
        panels: figure.panels.len(),
        shows: dataset
            .shows
            .as_deref()
            .map(|shows| crate::display::display_note(shows).into_owned()),
        difference,
        mismatches: mismatch_table(figure),
    }
}

impl KeyObservations {
    /// The panels' sections and the rest ("Across panels").
    pub fn split(&self) -> SectionsSplit<'_> {
        self.sections.split_at(self.panels.min(self.sections.len()))
    }

    /// Everything as Markdown: what the figure shows (a paragraph), the sections, then who is
    /// ahead how often, then the mismatch table, each under a heading.
    pub fn markdown(&self) -> String {
        let mut writer = MarkdownWriter::default();
        if let Some(shows) = &self.shows {
            writer.paragraph(&format!("Shown: {shows}."));
        }
        write_sections(&mut writer, &self.sections);
        if let Some(difference) = &self.difference {
            writer.heading(3, &difference.heading);
            writer.bullets(difference.lines.iter().map(String::as_str));
        }
        if let Some(table) = &self.mismatches {
            writer.heading(3, &table.caption);
            let mut rows: Vec<&[String]> = Vec::with_capacity(table.rows.len());
            for row in &table.rows {
                rows.push(row.cells.as_slice());
            }
            writer.table(&table.columns, &rows);
        }
        writer.finish()
    }

    /// The canvas' accessible description: "Key observations." and every section's sentences
    /// after its title, the ones across panels first, after what the figure shows; empty when
    /// there are none.
    pub fn description(&self) -> String {
        let (panels, across) = self.split();
        let mut parts: Vec<String> = Vec::new();
        if let Some(shows) = &self.shows {
            parts.push(format!("Shown: {shows}."));
        }
        for (title, observations) in across.iter().chain(panels) {
            if observations.is_empty() {
                continue;
            }
            let mut texts: Vec<&str> = Vec::with_capacity(observations.len());
            for observation in observations {
                texts.push(observation.text.as_str());
            }
            parts.push(format!("{title}: {}", texts.join(" ")));
        }
        if parts.is_empty() {
            String::new()
        } else {
            format!("Key observations. {}", parts.join(" "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    #[test]
    fn difference_lines_count_in_words() {
        let result = Difference {
            grid: Grid::empty(1, 1),
            a_higher: 1,
            equal: 1,
            b_higher: 0,
            only_in_a: 2,
            only_in_b: 0,
            max_abs_difference: None,
            mean_difference: None,
        };
        assert_eq!(
            difference_lines(&result, "A", "B"),
            DifferenceLines {
                heading: "A against B".into(),
                lines: vec![
                    "A is higher in 1 of 2 configurations.".into(),
                    "B is higher in 0.".into(),
                    "1 configuration ties.".into(),
                    "Measured for one model only: 2 for A, 0 for B (not compared).".into(),
                ],
            }
        );
        let one = Difference {
            equal: 0,
            only_in_a: 0,
            ..result
        };
        assert_eq!(
            difference_lines(&one, "A", "B").lines,
            [
                "A is higher in 1 of 1 configuration.",
                "B is higher in 0.",
                "0 configurations tie."
            ]
        );
    }
}
