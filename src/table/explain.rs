//! What a front end says about a sweep it opened by itself, so that a best guess never passes
//! for a certainty: how the file was read, what each column was taken for, what is drawn and
//! why, and what to check.

use super::{Format, Projection, Role, Sweep};
use crate::error::{quoted_list, Error};
use crate::figure::format_percent;
use crate::Direction;

impl Sweep {
    /// Sentences about a projection of this sweep, in the order a reader needs them:
    /// 1. the format and the columns by role ("Read as a W&B runs export: 33 runs; parameters
    ///    "lr", "batch_size"; metrics "val/acc", "train/loss"; replicate "seed".");
    /// 2. the metric and the axes, with the main-effect ranking that chose them;
    /// 3. what the figure shows (the projection's description);
    /// 4. the sweep's notices (runs left out, choices to check), then the projection's.
    pub fn explain(&self, projection: &Projection) -> Vec<String> {
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
        let mut lines = vec![format!(
            "Read as {format}: {runs} {}; {}.",
            if runs == 1 { "run" } else { "runs" },
            columns.join("; ")
        )];

        let view = &projection.view;
        let better = match view.direction {
            Some(Direction::Lower) => "lower is better",
            _ => "higher is better",
        };
        // The ranking is said either way: it is what the default axes follow, and what a view
        // that chose others is set against.
        let mut ranking = String::new();
        for (k, effect) in self
            .main_effects(&view.metric)
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            if k > 0 {
                ranking.push_str(", ");
            }
            ranking.push_str(&effect.label);
            ranking.push(' ');
            ranking.push_str(&format_percent(Some(effect.share), 0));
        }
        let shares = format!("share of the variance each explains alone: {ranking}");
        let default = self.default_view().ok();
        let axes = [view.x.as_str(), view.y.as_str()];
        let by_effect = default
            .as_ref()
            .is_some_and(|d| axes.contains(&d.x.as_str()) && axes.contains(&d.y.as_str()));
        let why = if self.preferred.x.is_some() || self.preferred.y.is_some() {
            if by_effect {
                "as named in the options".to_string()
            } else {
                format!("chosen in the view ({shares})")
            }
        } else if by_effect {
            format!("the parameters with the largest main effect ({shares})")
        } else {
            format!("chosen in the view, not by main effect ({shares})")
        };
        lines.push(format!(
            "Drawn: \"{}\" ({better}) by \"{}\" (x) and \"{}\" (y), {why}.",
            view.metric, view.x, view.y
        ));
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
