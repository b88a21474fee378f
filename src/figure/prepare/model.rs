//! The model view: one model across all its benchmarks, a row of panels (seeds 000 and 002).

use super::{errors_of, shown_panel_title, Draft, Panels};
use crate::analysis::value_scale;
use crate::error::Result;
use crate::figure::FigureOptions;
use crate::Dataset;

/// A panel per benchmark the model has, in the benchmarks' order.
pub(super) fn model_panels(
    dataset: &Dataset,
    options: &FigureOptions,
    model: &str,
) -> Result<Panels> {
    let model_index = dataset.model_index(model)?;
    let scale = value_scale(dataset);
    let mut drafts: Vec<Draft> = Vec::new();
    for (b, benchmark) in dataset.benchmarks.levels.iter().enumerate() {
        let Some(panel) = dataset.panel_at(model_index, b) else {
            continue;
        };
        let errors = errors_of(
            &panel.grid,
            dataset.benchmark_info(b),
            scale,
            &panel.reported_errors,
        );
        drafts.push(
            Draft::new(
                shown_panel_title(dataset, panel),
                Some(model.to_string()),
                Some(benchmark.clone()),
                panel.grid.clone(),
            )
            .with_errors(errors),
        );
    }
    let count = drafts.len();
    Ok(Panels::values(dataset, options, drafts, count))
}
