//! The slice figure: the metric along one parameter, a line with its interval band per series.
//!
//! A slice is drawn from a prepared heatmap [`Figure`], never from the data again: its panels
//! are the ones the view chose (a model's benchmarks, a benchmark's models, a grid), their grids
//! hold what a run table's projection decided about every other parameter (fixed, best,
//! averaged: `Dataset::shows` says which), and their standard errors and decimals are the ones
//! the heatmap shows. A slice only reads each panel along one of its axes
//! ([`slice_grid`]): a series per value of the other axis, or per panel with the other axis at
//! its best or averaged.
//!
//! What it says it shows: the title names the metric and the parameter; the sentence under it
//! says what became of the other axis and of the other parameters, what the bands are (their
//! level) or that the data carry no noise estimate, and where points are missing.

use serde::Serialize;

use super::{counted, format_value, Figure};
use crate::analysis::{is_log_spaced, slice_grid, Across, SliceAxis, SliceLine};
use crate::color::{series_color, Rgb, Theme, SERIES_COLORS};
use crate::display::display_label;
use crate::error::{Error, Result};
use crate::{Axis, Dataset, Direction};

/// What a slice shows of a prepared figure.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SliceOptions {
    /// The axis the lines run along.
    pub along: SliceAxis,
    /// What becomes of the other axis.
    pub across: Across,
    /// The confidence level of the bands (the uncertainty marks', 95 % when they are off).
    pub level: f64,
}

/// How the x axis of a slice places its values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SliceScale {
    /// Evenly spaced categories (text, or the ranges of bins).
    Categories,
    /// Numbers on a linear axis.
    Linear,
    /// Numbers on a logarithmic axis (log-spaced values: learning rates, powers of two).
    Log,
}

/// One line of a slice and what it is.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SliceSeries {
    /// Its name in the legend: the panel's title, the other axis's value, or both.
    pub name: String,
    pub color: Rgb,
    /// The figure panel it reads.
    pub panel: usize,
    pub line: SliceLine,
}

/// A slice, ready to lay out and draw.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SliceFigure {
    /// "Pass@1 (%) along Ratio".
    pub title: String,
    /// What was fixed, maximised or averaged, and what the bands are: one sentence a line.
    pub sentences: Vec<String>,
    /// The synthetic data's caption, as the heatmap's.
    pub caption: Option<String>,
    /// The title of the heatmap's panel when it has one only (its lines are named by the other
    /// axis, so the label says which panel they read): "R1-Qwen | AMC23".
    pub panel: Option<String>,
    /// The axis the lines run along, and the other one.
    pub x: Axis,
    pub other: Axis,
    pub scale: SliceScale,
    /// The y axis's name: the metric, with its unit.
    pub value_label: String,
    pub direction: Direction,
    /// Decimals of values: the figure's, which stop where its noise starts.
    pub decimals: usize,
    pub across: Across,
    /// The level of the bands, when some point has an interval.
    pub level: Option<f64>,
    pub series: Vec<SliceSeries>,
    pub theme: Theme,
}

impl SliceFigure {
    /// Where each x value sits on the axis, from 0 to 1 (an axis of one value: at 0.5).
    pub fn positions(&self) -> Vec<f64> {
        let count = self.x.len();
        let spread = |at: &dyn Fn(usize) -> f64| {
            let (first, last) = (at(0), at(count.saturating_sub(1)));
            let mut positions = Vec::with_capacity(count);
            for index in 0..count {
                positions.push(if last > first {
                    (at(index) - first) / (last - first)
                } else {
                    0.5
                });
            }
            positions
        };
        let values = self.x.values.as_deref().unwrap_or(&[]);
        let value = |index: usize| values.get(index).copied().unwrap_or(0.0);
        match self.scale {
            SliceScale::Categories => spread(&|index| index as f64),
            SliceScale::Linear => spread(&value),
            SliceScale::Log => spread(&|index| value(index).ln()),
        }
    }

    /// The lowest and highest value any point or interval reaches.
    pub fn value_range(&self) -> Option<(f64, f64)> {
        let mut range: Option<(f64, f64)> = None;
        for point in self
            .series
            .iter()
            .flat_map(|s| s.line.points.iter().flatten())
        {
            let (low, high) = point.interval.unwrap_or((point.value, point.value));
            for value in [low, high, point.value] {
                if value.is_finite() {
                    range =
                        Some(range.map_or((value, value), |(a, b)| (a.min(value), b.max(value))));
                }
            }
        }
        range
    }

    /// What the slice shows, for assistive technology (the canvas' `aria-label`): the kind of
    /// chart, its metric along its parameter, the panel read when there is one, its lines by
    /// name, then its sentences (what became of the other axis, what the bands are, the gaps,
    /// and what the data's view fixed, maximised or averaged).
    pub fn label(&self) -> String {
        let mut text = format!("Line chart of {}", self.title);
        if let Some(panel) = &self.panel {
            text.push_str(&format!(" in {panel}"));
        }
        let mut names = Vec::with_capacity(self.series.len());
        for series in &self.series {
            names.push(series.name.as_str());
        }
        text.push_str(&format!(
            ": {}: {}.",
            counted(self.series.len(), "line"),
            names.join(", ")
        ));
        for sentence in &self.sentences {
            text.push(' ');
            text.push_str(sentence);
            if !sentence.ends_with('.') {
                text.push('.');
            }
        }
        text
    }

    /// A point as hover and the keyboard say it: the series, the x value, the value with its
    /// interval, the count, and for a best point which value of the other axis won.
    pub fn point_text(&self, series: usize, position: usize) -> Option<String> {
        let line = self.series.get(series)?;
        let point = line.line.points.get(position)?.as_ref()?;
        let x = display_label(self.x.label(position)?);
        let mut text = format!(
            "{} · {} = {}: {}",
            line.name,
            display_label(&self.x.name),
            x,
            format_value(point.value, self.decimals)
        );
        if let (Some((low, high)), Some(level)) = (point.interval, self.level) {
            text.push_str(&format!(
                " ({} % interval {} to {})",
                format_value(level * 100.0, 0),
                format_value(low, self.decimals),
                format_value(high, self.decimals)
            ));
        }
        text.push_str(&format!(", n = {}", point.n));
        if !point.winners.is_empty() {
            let mut names = Vec::new();
            for &winner in &point.winners {
                if let Some(label) = self.other.label(winner) {
                    names.push(display_label(label).into_owned());
                }
            }
            let tied = if names.len() > 1 { " (tied)" } else { "" };
            text.push_str(&format!(
                ", best {} = {}{tied}",
                display_label(&self.other.name),
                names.join(", ")
            ));
        }
        Some(text)
    }
}

/// Prepares the slice of a prepared heatmap `figure` of `dataset`. Fails when there are more
/// series than colours tell apart, naming what to choose instead.
pub fn prepare_slice(
    dataset: &Dataset,
    figure: &Figure,
    options: &SliceOptions,
) -> Result<SliceFigure> {
    let critical = crate::analysis::critical_value(options.level)?;
    let (x, other) = match options.along {
        SliceAxis::X => (figure.x.clone(), figure.y.clone()),
        SliceAxis::Y => (figure.y.clone(), figure.x.clone()),
    };
    let one_panel = figure.panels.len() == 1;
    let mut series = Vec::new();
    for (index, panel) in figure.panels.iter().enumerate() {
        let lines = slice_grid(
            &panel.grid,
            &panel.errors,
            options.along,
            options.across,
            figure.direction,
            critical,
            panel.decimals,
        );
        for line in lines {
            let value = line
                .other
                .and_then(|at| other.label(at))
                .map(|label| format!("{} = {}", display_label(&other.name), display_label(label)));
            let name = match (value, one_panel) {
                (Some(value), true) => value,
                (Some(value), false) => format!("{} · {value}", panel.title),
                (None, false) => panel.title.clone(),
                (None, true) => format!(
                    "{} over {}",
                    across_word(options.across),
                    display_label(&other.name)
                ),
            };
            series.push((name, index, line));
        }
    }
    if series.len() > SERIES_COLORS {
        return Err(Error::InvalidField {
            field: "slice".to_string(),
            expected: format!(
                "at most {SERIES_COLORS} lines, as many as colours tell apart, found {}: \
                 choose one model or benchmark, or across \"best\" or \"mean\"",
                series.len()
            ),
        });
    }
    let mut colored = Vec::with_capacity(series.len());
    for (index, (name, panel, line)) in series.into_iter().enumerate() {
        colored.push(SliceSeries {
            name,
            color: series_color(figure.theme, index).unwrap_or(Rgb::new(0x80, 0x80, 0x80)),
            panel,
            line,
        });
    }
    let scale = match x.values.as_deref() {
        Some(values) if is_log_spaced(values) => SliceScale::Log,
        Some(_) => SliceScale::Linear,
        None => SliceScale::Categories,
    };
    let mut slice = SliceFigure {
        title: format!(
            "{} along {}",
            display_label(&figure.value_label),
            display_label(&x.name)
        ),
        sentences: Vec::new(),
        caption: figure.caption.clone(),
        panel: one_panel
            .then(|| figure.panels.first().map(|panel| panel.title.clone()))
            .flatten(),
        x,
        other,
        scale,
        value_label: figure.value_label.clone(),
        direction: figure.direction,
        decimals: figure.decimals,
        across: options.across,
        level: None,
        series: colored,
        theme: figure.theme,
    };
    let has_interval = slice
        .series
        .iter()
        .flat_map(|s| s.line.points.iter().flatten())
        .any(|point| point.interval.is_some());
    slice.level = has_interval.then_some(options.level);
    slice.sentences = sentences(&slice, dataset);
    Ok(slice)
}

fn across_word(across: Across) -> &'static str {
    match across {
        Across::Each => "each",
        Across::Best => "best",
        Across::Mean => "mean",
    }
}

/// What the slice shows, a sentence a line: the other axis, the bands, the gaps, and what the
/// data's projection fixed, maximised or averaged.
fn sentences(slice: &SliceFigure, dataset: &Dataset) -> Vec<String> {
    let other = display_label(&slice.other.name);
    let mut first = match slice.across {
        Across::Each => format!("A line per {other}"),
        Across::Best => format!("At each point the best {other} (hover to see which)"),
        Across::Mean => {
            format!("At each point the mean over every {other} (a point missing one is left out)")
        }
    };
    first.push_str(&match slice.level {
        Some(level) => format!(
            "; bands: {} % confidence intervals of each point's mean",
            format_value(level * 100.0, 0)
        ),
        None => "; no bands: the data carry no noise estimate".to_string(),
    });
    let gaps = slice
        .series
        .iter()
        .flat_map(|s| s.line.points.iter())
        .filter(|point| point.is_none())
        .count();
    if gaps > 0 {
        first.push_str(&format!(
            "; {} without a value (the line breaks there)",
            super::counted(gaps, "point")
        ));
    }
    first.push('.');
    let mut lines = vec![first];
    if let Some(shows) = dataset.shows.as_deref() {
        lines.push(display_label(shows).into_owned());
    }
    lines
}
