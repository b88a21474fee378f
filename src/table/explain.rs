//! What a front end says about a sweep it opened by itself, so that a best guess never passes
//! for a certainty: how the file was read, what each column was taken for, what is drawn and
//! why, and what to check.

use std::fmt::Write;

use super::{Format, Projection, Role, Sweep};
use crate::error::{counted, quoted_list, Error};
use crate::Direction;

impl Sweep {
    /// Sentences about a projection of this sweep: first a headline, a sentence short enough
    /// for a phone's width that a front end shows as it is; then the details, which it may fold
    /// away:
    /// 1. the headline: the metric and the axes, why those axes, and how many notes below are
    ///    worth checking (`Drawn: "val/acc" (higher is better) by "lr" (x) and "batch_size" (y),
    ///    the parameters with the largest main effect. 1 note to check below.`);
    /// 2. the format and the columns by role ("Read as a W&B runs export: 33 runs; parameters
    ///    "lr", "batch_size"; metrics "val/acc", "train/loss"; replicate "seed".");
    /// 3. what the figure shows (the projection's description, which the figure draws too);
    /// 4. the sweep's notices (runs left out, choices to check), then the projection's.
    ///
    /// The main effects' shares are not repeated: the controls and the column panel show them.
    pub fn explain(&self, projection: &Projection) -> Vec<String> {
        let view = &projection.view;
        let better = match view.direction {
            Some(Direction::Lower) => "lower is better",
            _ => "higher is better",
        };
        let default = self.default_view().ok();
        let axes = [view.x.as_str(), view.y.as_str()];
        let by_effect = default
            .as_ref()
            .is_some_and(|d| axes.contains(&d.x.as_str()) && axes.contains(&d.y.as_str()));
        let why = match (
            self.preferred.x.is_some() || self.preferred.y.is_some(),
            by_effect,
        ) {
            (true, true) => "as named in the options",
            (true, false) => "chosen in the view",
            (false, true) => "the parameters with the largest main effect",
            (false, false) => "chosen in the view, not by main effect",
        };
        let notes = self.notices.len() + projection.notices.len();
        let mut headline = format!(
            "Drawn: \"{}\" ({better}) by \"{}\" (x) and \"{}\" (y), {why}.",
            view.metric, view.x, view.y
        );
        if notes > 0 {
            let _ = write!(headline, " {} to check below.", counted(notes, "note"));
        }

        let format = match self.format {
            Format::Wandb => "a W&B runs export",
            Format::Optuna => "an Optuna trials table",
            Format::Tidy => "a table of runs",
            Format::Configuration => "a configuration table",
        };
        let mut columns = Vec::new();
        for (role, singular, plural) in [
            (Role::Parameter, "parameter", "parameters"),
            (Role::Metric, "metric", "metrics"),
            (Role::Facet, "panels by", "panels by"),
            (Role::Replicate, "replicate", "replicates"),
        ] {
            let mut labels: Vec<String> = Vec::new();
            for c in self.columns_with(role) {
                labels.push(self.label(c).to_string());
            }
            if !labels.is_empty() {
                let noun = if labels.len() == 1 { singular } else { plural };
                columns.push(format!("{noun} {}", quoted_list(&labels)));
            }
        }
        let runs = super::config::runs(&self.statistics, &self.table);
        let mut lines = vec![
            headline,
            format!(
                "Read as {format}: {}; {}.",
                counted(runs, "run"),
                columns.join("; ")
            ),
        ];
        if !projection.description.is_empty() {
            lines.push(format!("Shown: {}.", projection.description));
        }
        lines.extend(self.notices.iter().cloned());
        lines.extend(projection.notices.iter().cloned());
        lines
    }
}

/// True for the tidy loader's refusals that a run table answers: columns whose roles it cannot
/// tell apart (three parameters, two metrics, a W&B or Optuna export), or the unnamed first
/// column pandas writes (its row index). Other refusals (a cell measured twice, an empty axis
/// field, text for a number) keep the tidy loader's message: a run table would draw such a file
/// by guessing past what its author should fix.
pub fn opens_what_tidy_refuses(error: &Error) -> bool {
    match error {
        Error::AmbiguousRole { .. } | Error::NoCandidate { .. } => true,
        Error::InvalidField { field, .. } => field == "header, column 1",
        _ => false,
    }
}
