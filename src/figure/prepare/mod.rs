//! Preparing a figure: one file per kind of view, each drafting its panels and what only it
//! has, then one finishing pass shared by all of them.
//!
//! [`prepare_figure`] checks the options, hands the view to its kind ([`model`], [`benchmark`],
//! [`grid`], [`difference`], [`reconcile`]; pairwise comparisons are `super::pairwise`), which
//! returns [`Panels`]: [`Draft`] panels (title, grid, standard errors, marks, what only that
//! kind of panel has), the colour, direction and key the kind needs, and what only that kind of
//! figure has ([`FigureKind`]). [`finish`] then reads each panel's cells once and decides for
//! all kinds alike, pairwise figures included, the colour domains and scales, the decimals and
//! the peaks.

mod benchmark;
mod difference;
mod grid;
mod model;
mod reconcile;

use std::borrow::Cow;

use super::order::{order_grid, order_panels};
use super::{
    choose_decimals, counted, format_value, noise_decimals, synthetic_caption, BenchmarkChoice,
    Figure, FigureKind, FigureOptions, FigurePanel, MarginalStrips, Order, PanelKind, StripValue,
    View, DEFAULT_LEVEL,
};
use crate::analysis::{
    critical_value, has_standard_errors, level_error, noise_level, panel_marginals, scan_cells,
    select_benchmarks, standard_errors, standard_errors_of_mean, test_against_peak, value_scale,
    with_reported_errors, CellError, CellPosition, ValueScale,
};
use crate::color::{resolve_domain, ColorMap, ColorScale, DomainMode, ResolvedDomain, Transform};
use crate::display::{display_label, display_note};
use crate::error::{Error, Result};
use crate::{Axis, BenchmarkInfo, Dataset, Direction, Grid};

/// What a kind of view drafts: its panels, how the finishing pass colours and keys them, and
/// what only that kind of figure has.
pub(super) struct Panels {
    pub(super) drafts: Vec<Draft>,
    /// Panels per row that the view asks for.
    pub(super) columns: usize,
    /// Which way is better for the values shown.
    pub(super) direction: Direction,
    /// The colour bar's label, when not the metric's (with its unit).
    pub(super) value_label: Option<String>,
    /// How the colour domain is chosen, and the colour map.
    pub(super) domain: DomainMode,
    pub(super) color_map: ColorMap,
    /// How values are spaced along the colour map when the kind decides it (a pairwise
    /// figure's counts: linearly or as `ln(1 + value)`), instead of the options' colour scale.
    pub(super) transform: Option<Transform>,
    /// What the dots on marked cells mean.
    pub(super) mark_label: Option<String>,
    /// What only this kind of figure has (for panels of values, the finishing pass adds the
    /// marginal strips).
    pub(super) kind: FigureKind,
    /// How the view puts its finished panels in the `order` option's order (model, benchmark
    /// and grid views; the others keep theirs).
    pub(super) arrange: Option<Arrange>,
}

/// What a figure says of its data, whatever its kind: the caption and the axes.
pub(super) struct Frame {
    pub(super) caption: Option<String>,
    pub(super) x: Axis,
    pub(super) y: Axis,
}

/// Puts finished panels in an order, given the figure's direction and decimals.
type Arrange = fn(&mut Vec<FigurePanel>, Order, Direction, usize);

impl Panels {
    /// Panels of values, coloured as the options say. The finishing pass marks the cells the
    /// peak cannot be told apart from, at the uncertainty level (when there is one).
    fn values(
        dataset: &Dataset,
        options: &FigureOptions,
        drafts: Vec<Draft>,
        columns: usize,
    ) -> Panels {
        Panels {
            drafts,
            columns,
            direction: dataset.metric.direction,
            value_label: None,
            domain: options.domain,
            color_map: options.color_map,
            transform: None,
            mark_label: None,
            kind: FigureKind::Values { strips: None },
            arrange: Some(order_panels),
        }
    }

    /// Panels of values in rows of models and columns of benchmarks, ordered as a grid.
    fn grid(self) -> Panels {
        Panels {
            arrange: Some(order_grid),
            ..self
        }
    }
}

/// A confidence level as the key writes it: "95 %", "99.9 %".
pub(crate) fn level_text(level: f64) -> String {
    format!(
        "{} %",
        format_value(level * 100.0, 1).trim_end_matches(".0")
    )
}

/// Resolves a view and options against a dataset into a figure.
pub fn prepare_figure(dataset: &Dataset, options: &FigureOptions) -> Result<Figure> {
    options.domain.validate()?;
    if let Some(level) = options.uncertainty {
        critical_value(level).map_err(|_| level_error("uncertainty", level))?;
    }
    let mut panels = match &options.view {
        View::Model { model } => model::model_panels(dataset, options, model)?,
        View::Benchmark { benchmark } => benchmark::benchmark_panels(dataset, options, benchmark)?,
        View::Grid => grid::grid_panels(dataset, options)?,
        View::Difference { a, b, benchmark } => {
            difference::difference_panels(dataset, options, (a, b), benchmark)?
        }
        View::Reconcile { model, benchmark } => {
            reconcile::reconcile_panels(dataset, options, model, benchmark)?
        }
    };
    // A view of a larger table says what it shows (fixed values, best over, bins), in brief.
    if let Some(shows) = dataset.caption.as_ref().or(dataset.shows.as_ref()) {
        for draft in &mut panels.drafts {
            draft.subtitle = vec![display_note(shows).into_owned()];
        }
    }
    if panels.value_label.is_none() {
        let metric = &dataset.metric.name;
        panels.value_label = Some(match &dataset.metric.unit {
            Some(unit) if !unit.is_empty() => format!("{metric} ({unit})"),
            _ => metric.clone(),
        });
    }
    let frame = Frame {
        caption: synthetic_caption(dataset.title.as_deref(), dataset.source.as_deref()),
        x: dataset.x.clone(),
        y: dataset.y.clone(),
    };
    finish(frame, options, panels)
}

/// The finishing pass every kind of figure shares (pairwise ones too): marks the cells the peak
/// cannot be told apart from in panels of values, reads each panel's cells once, and from what
/// it finds decides the colour domains and scales, the decimals (automatic ones stop where a
/// panel's noise starts), the peaks, the marginal strips and the key.
// Not inlined into `prepare_figure` (nor `Draft::new` into its callers): measured, the default
// wasm package is 44 and 340 bytes smaller gzipped so.
#[inline(never)]
pub(super) fn finish(frame: Frame, options: &FigureOptions, prepared: Panels) -> Result<Figure> {
    let Panels {
        mut drafts,
        columns,
        direction,
        value_label,
        domain: domain_mode,
        color_map,
        transform,
        mut mark_label,
        mut kind,
        arrange,
    } = prepared;
    if drafts.is_empty() {
        return Err(Error::InvalidField {
            field: "view".into(),
            expected: "a view with at least one panel".into(),
        });
    }
    let values_figure = matches!(kind, FigureKind::Values { .. });
    // Uncertainty marks on value panels: the cells the peak cannot be told apart from.
    if let (Some(level), true) = (options.uncertainty, values_figure) {
        for draft in &mut drafts {
            if let Some(test) = test_against_peak(&draft.grid, &draft.errors, direction, level)? {
                draft.marks = positions(&test.indistinguishable);
            }
        }
        mark_label = Some(format!(
            "cannot be told apart from the peak ({})",
            level_text(level)
        ));
    }

    // Each panel's cells, read once: the colour domains, the decimals, the key, the peaks and
    // the description all use what this one pass finds.
    let mut scans = Vec::with_capacity(drafts.len());
    let mut values: Vec<Vec<f64>> = Vec::with_capacity(drafts.len());
    for draft in &drafts {
        let mut scan = scan_cells(&draft.grid, direction);
        values.push(std::mem::take(&mut scan.values));
        scans.push(scan);
    }
    let has_missing = drafts
        .iter()
        .zip(&values)
        .any(|(draft, values)| values.len() < draft.grid.cells().len());
    // The values shown as values: all but a reconciliation's signed difference.
    let shown = values_where(&drafts, &values, |draft| !draft.signed);
    // The figure's decimals come from the values it shows as given: in a reconciliation, the
    // reported panel alone.
    let labelled = if drafts.iter().any(|draft| draft.derived) {
        values_where(&drafts, &values, |draft| !draft.derived)
    } else {
        Cow::Borrowed(&*shown)
    };
    let decimals = match options.decimals {
        Some(decimals) => usize::from(decimals.min(crate::view::MAX_LABEL_DECIMALS)),
        None => choose_decimals(&labelled),
    };
    let has_signed = drafts.iter().any(|d| d.signed);
    if options.color_scale == ColorScale::Log {
        // Every panel's values first, so that the message names the panel that has them (a
        // shared range's domain holds every panel's).
        for (draft, values) in drafts.iter().zip(&values).filter(|(d, _)| !d.signed) {
            check_log_values(&draft.title, values)?;
        }
    }
    // Marginal strips beside panels of values: means, or best cells when the panels are
    // ordered by their best cell; intervals at the marks' level (95 % when they are off), and
    // the lines within noise of the best marked only with the marks.
    let level = options.uncertainty.unwrap_or(DEFAULT_LEVEL);
    let strips = (options.marginals && values_figure).then_some(MarginalStrips {
        value: match options.order {
            Order::Best => StripValue::Best,
            _ => StripValue::Mean,
        },
        level,
    });
    let critical = critical_value(level)?;
    // What is said across panels, and a colour bar they share, use the finest decimals of the
    // panels shown as given.
    let mut finest: Option<usize> = None;
    let mut panels = Vec::with_capacity(drafts.len());
    for ((draft, values), scan) in drafts.into_iter().zip(&values).zip(scans) {
        // Automatic decimals stop where the panel's noise starts; derived values (a
        // reconciliation's) get one decimal more than the figures given, at most.
        let panel_decimals = match (options.decimals, draft.noise) {
            (None, _) if draft.derived => choose_decimals(values).min(decimals + 1),
            (None, Some(noise)) => decimals.min(noise_decimals(noise)),
            _ => decimals,
        };
        if !draft.derived {
            finest = finest.max(Some(panel_decimals));
        }
        let (domain, scale) = if draft.signed {
            let centred = DomainMode::Centered { center: 0.0 };
            let domain = resolve_domain(&centred, values, values)?;
            let map = if color_map.is_diverging() {
                color_map
            } else {
                ColorMap::RedBlue
            };
            let scale = domain.scale(map, options.reversed);
            let spacing = match options.color_scale {
                ColorScale::Symlog => ColorScale::Symlog,
                _ => ColorScale::Linear,
            };
            let transform = Transform::of(spacing, domain.domain, 0.0, values);
            (domain, scale.with(transform))
        } else {
            let domain = resolve_domain(&domain_mode, values, &shown)?;
            if options.color_scale == ColorScale::Log {
                check_log_range(&domain)?;
            }
            let scale = domain.scale(color_map, options.reversed);
            let origin = domain.center.unwrap_or(0.0);
            let considered = match domain_mode {
                DomainMode::PerPanel => values.as_slice(),
                _ => &shown,
            };
            let transform = transform.unwrap_or_else(|| {
                Transform::of(options.color_scale, domain.domain, origin, considered)
            });
            (domain, scale.with(transform))
        };
        let peaks = match &scan.peak {
            Some(best) if draft.peaks => positions(&best.cells),
            _ => Vec::new(),
        };
        let kind = match draft.kind {
            PanelKind::Values { .. } => PanelKind::Values {
                marginals: strips.map(|strips| {
                    let mut marginals = panel_marginals(
                        &draft.grid,
                        &draft.errors,
                        strips.value == StripValue::Best,
                        direction,
                        critical,
                        panel_decimals,
                    );
                    if options.uncertainty.is_none() {
                        marginals.near_best_rows.clear();
                        marginals.near_best_columns.clear();
                    }
                    marginals
                }),
            },
            kind => kind,
        };
        panels.push(FigurePanel {
            title: draft.title,
            model: draft.model,
            benchmark: draft.benchmark,
            domain,
            scale,
            peaks,
            best: scan.peak,
            present: scan.finite,
            marks: draft.marks,
            decimals: panel_decimals,
            subtitle: draft.subtitle,
            grid: draft.grid,
            errors: draft.errors,
            kind,
        });
    }
    if let FigureKind::Values { strips: shown } = &mut kind {
        *shown = strips;
    }
    // A difference says so even when nothing is beyond noise; elsewhere the key explains dots
    // only where there are some (in the strips too, when they have any).
    let strip_marks = panels.iter().any(|p| {
        p.marginals()
            .is_some_and(|m| !(m.near_best_rows.is_empty() && m.near_best_columns.is_empty()))
    });
    let difference = matches!(kind, FigureKind::Difference { .. });
    let mark_label = mark_label
        .filter(|_| difference || strip_marks || panels.iter().any(|p| !p.marks.is_empty()))
        .map(|label| match strips {
            Some(_) => label.replacen(
                "from the peak",
                "from the peak (in a strip: from the best row or column)",
                1,
            ),
            None => label,
        });
    let shared_legend =
        !has_signed && (!matches!(domain_mode, DomainMode::PerPanel) || panels.len() == 1);
    let decimals = finest.unwrap_or(decimals);
    if let Some(arrange) = arrange {
        arrange(&mut panels, options.order, direction, decimals);
    }
    Ok(Figure {
        caption: frame.caption,
        x: frame.x,
        y: frame.y,
        direction,
        value_label: value_label.unwrap_or_default(),
        columns: columns.max(1),
        shared_legend,
        annotate: options.annotate,
        decimals,
        has_missing,
        mark_label,
        panels,
        theme: options.theme,
        kind,
    })
}

/// The error for a logarithmic colour scale that cannot be drawn truthfully, and why.
fn refuse_log(why: String) -> Error {
    Error::InvalidField {
        field: "colorScale".into(),
        expected: format!("\"linear\" or \"symlog\" {why}: \"log\" needs values above 0"),
    }
}

/// Refuses a logarithmic colour scale for a panel (named by its title) with values at or
/// below 0.
fn check_log_values(panel: &str, values: &[f64]) -> Result<()> {
    let lowest = values.iter().copied().fold(f64::INFINITY, f64::min);
    if lowest <= 0.0 {
        let lowest = crate::float_text::Shortest(lowest);
        return Err(refuse_log(if panel.is_empty() {
            format!("for values that go down to {lowest}")
        } else {
            format!("for the panel \"{panel}\", whose values go down to {lowest}")
        }));
    }
    Ok(())
}

/// Refuses a logarithmic colour scale over a centred range (a logarithm has no middle at the
/// centre) or a range from 0 or below.
fn check_log_range(domain: &ResolvedDomain) -> Result<()> {
    if domain.center.is_some() {
        return Err(refuse_log("with a centred colour range".into()));
    }
    if domain.domain.min <= 0.0 {
        let min = crate::float_text::Shortest(domain.domain.min);
        return Err(refuse_log(format!("for a colour range from {min}")));
    }
    Ok(())
}

/// A panel before its colours are resolved.
pub(super) struct Draft {
    title: String,
    model: Option<String>,
    benchmark: Option<String>,
    grid: Grid,
    /// Lines under the title.
    pub(super) subtitle: Vec<String>,
    /// Standard errors per cell, for the uncertainty marks.
    errors: Vec<Option<CellError>>,
    /// The median standard error of the cells (of a difference: of both models' combined), which
    /// limits the automatic decimals.
    noise: Option<f64>,
    /// A difference panel in a figure of values (reconciliation): centred, diverging, own bar.
    signed: bool,
    /// Values derived from the figures shown as given (a reconciliation's recomputed means and
    /// differences): written with up to one decimal more than those, and left out of the
    /// figure's own decimals.
    derived: bool,
    /// Emphasise the cells at the best value (not in a difference, whose best is a gap).
    peaks: bool,
    marks: Vec<(usize, usize)>,
    /// What only this kind of panel has (a panel of values gets its marginal strips when it is
    /// finished).
    kind: PanelKind,
}

impl Draft {
    #[inline(never)]
    pub(super) fn new(
        title: String,
        model: Option<String>,
        benchmark: Option<String>,
        grid: Grid,
    ) -> Draft {
        Draft {
            title,
            model,
            benchmark,
            grid,
            subtitle: Vec::new(),
            errors: Vec::new(),
            noise: None,
            signed: false,
            derived: false,
            peaks: true,
            marks: Vec::new(),
            kind: PanelKind::Values { marginals: None },
        }
    }

    /// A panel of another kind than values, without the emphasised peak cells of values (a
    /// difference's best is a gap, a histogram's a count).
    pub(super) fn of_kind(mut self, kind: PanelKind) -> Draft {
        self.kind = kind;
        self.peaks = false;
        self
    }

    fn with_errors(mut self, errors: Vec<Option<CellError>>) -> Draft {
        self.noise = noise_level(errors.iter().flatten().map(|e| e.standard_error));
        self.errors = errors;
        self
    }
}

/// Standard errors of a model's grid on a benchmark choice (the mean's combine its parts').
fn choice_errors(
    dataset: &Dataset,
    model: usize,
    choice: &BenchmarkChoice,
    grid: &Grid,
) -> Vec<Option<CellError>> {
    let scale = value_scale(dataset);
    match choice {
        BenchmarkChoice::Named(name) => {
            let index = dataset.benchmarks.position(name);
            let info = index.and_then(|b| dataset.benchmark_info(b));
            let reported = index
                .and_then(|b| dataset.panel_at(model, b))
                .map(|panel| panel.reported_errors.as_slice())
                .unwrap_or_default();
            errors_of(grid, info, scale, reported)
        }
        BenchmarkChoice::Mean => {
            let Ok(selection) = select_benchmarks(dataset, model) else {
                return Vec::new();
            };
            let mut parts: Vec<Vec<Option<CellError>>> = Vec::new();
            for &b in &selection.included {
                if let Some(panel) = dataset.panel_at(model, b) {
                    parts.push(errors_of(
                        &panel.grid,
                        dataset.benchmark_info(b),
                        scale,
                        &panel.reported_errors,
                    ));
                }
            }
            standard_errors_of_mean(&parts)
        }
    }
}

fn positions(cells: &[CellPosition]) -> Vec<(usize, usize)> {
    let mut positions = Vec::with_capacity(cells.len());
    for c in cells {
        positions.push((c.x, c.y));
    }
    positions
}

/// The values of the panels that `keep` keeps, in panel order: borrowed when one panel holds
/// them all.
fn values_where<'a>(
    drafts: &[Draft],
    values: &'a [Vec<f64>],
    keep: fn(&Draft) -> bool,
) -> Cow<'a, [f64]> {
    let kept = || {
        drafts
            .iter()
            .zip(values)
            .filter(|(draft, _)| keep(draft))
            .map(|(_, values)| values)
    };
    let mut panels = kept();
    match (panels.next(), panels.next()) {
        (Some(only), None) => Cow::Borrowed(only.as_slice()),
        _ => {
            let mut all = Vec::new();
            for values in kept() {
                all.extend_from_slice(values);
            }
            Cow::Owned(all)
        }
    }
}

/// A grid's standard errors, or none at all when no cell has one (see [`FigurePanel::errors`]);
/// `reported` are the panel's reported errors, which win where given.
fn errors_of(
    grid: &Grid,
    benchmark: Option<&BenchmarkInfo>,
    scale: Option<ValueScale>,
    reported: &[Option<f64>],
) -> Vec<Option<CellError>> {
    let any_reported = reported.iter().any(Option::is_some);
    let estimated = if any_reported || has_standard_errors(grid, benchmark, scale) {
        standard_errors(grid, benchmark, scale)
    } else {
        Vec::new()
    };
    if any_reported {
        with_reported_errors(estimated, grid, reported)
    } else {
        estimated
    }
}

/// How a benchmark choice is named in titles: the benchmark, or "mean of 4 benchmarks".
fn choice_label(dataset: &Dataset, choice: &BenchmarkChoice) -> String {
    match choice {
        BenchmarkChoice::Named(name) => name.clone(),
        BenchmarkChoice::Mean => {
            let measured = (0..dataset.benchmarks.levels.len())
                .filter(|&b| !dataset.is_reported_aggregate(b))
                .count();
            format!("mean of {}", counted(measured, "benchmark"))
        }
    }
}

/// A panel's title from its parts (labels from the data, each as shown: see [`crate::display`]).
fn title(parts: &[&str]) -> String {
    let mut title = String::new();
    let mut first = true;
    for part in parts.iter().filter(|part| !part.is_empty()) {
        if !first {
            title.push_str(" | ");
        }
        first = false;
        title.push_str(&display_label(part));
    }
    title
}

/// A dataset panel's title as drawn: "Model | Benchmark" (see [`Dataset::panel_title`]), each
/// part as shown.
fn shown_panel_title(dataset: &Dataset, panel: &crate::Panel) -> String {
    let model = dataset.models.levels.get(panel.model);
    let benchmark = dataset.benchmarks.levels.get(panel.benchmark);
    title(&[
        model.map_or("", String::as_str),
        benchmark.map_or("", String::as_str),
    ])
}
