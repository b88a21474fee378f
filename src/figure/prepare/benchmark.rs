//! The benchmark view: one benchmark, or the mean across benchmarks, across all models side by
//! side (seed 003).

use super::{choice_errors, choice_label, title, Draft, Panels};
use crate::error::Result;
use crate::figure::{benchmark_grid, BenchmarkChoice, FigureOptions};
use crate::Dataset;

/// A panel per model, in the models' order.
pub(super) fn benchmark_panels(
    dataset: &Dataset,
    options: &FigureOptions,
    benchmark: &BenchmarkChoice,
) -> Result<Panels> {
    let mut drafts = Vec::new();
    let name = choice_label(dataset, benchmark);
    for (m, model) in dataset.models.levels.iter().enumerate() {
        let grid = benchmark_grid(dataset, m, benchmark)?.into_owned();
        let errors = choice_errors(dataset, m, benchmark, &grid);
        drafts.push(
            Draft::new(
                title(&[model, &name]),
                Some(model.clone()),
                Some(name.clone()),
                grid,
            )
            .with_errors(errors),
        );
    }
    let count = drafts.len();
    Ok(Panels::values(dataset, options, drafts, count))
}
