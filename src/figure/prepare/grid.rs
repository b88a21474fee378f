//! The grid view: every model x benchmark, one row of panels per model.

use super::{errors_of, shown_panel_title, Draft, Panels};
use crate::analysis::value_scale;
use crate::error::Result;
use crate::figure::FigureOptions;
use crate::Dataset;

/// A panel per dataset panel, a row as long as the benchmarks.
pub(super) fn grid_panels(dataset: &Dataset, options: &FigureOptions) -> Result<Panels> {
    let scale = value_scale(dataset);
    let mut drafts = Vec::with_capacity(dataset.panels.len());
    for panel in &dataset.panels {
        let info = dataset.benchmark_info(panel.benchmark);
        drafts.push(
            Draft::new(
                shown_panel_title(dataset, panel),
                dataset.models.levels.get(panel.model).cloned(),
                dataset.benchmarks.levels.get(panel.benchmark).cloned(),
                panel.grid.clone(),
            )
            .with_errors(errors_of(&panel.grid, info, scale, &panel.reported_errors)),
        );
    }
    Ok(Panels::values(dataset, options, drafts, dataset.benchmarks.levels.len()).grid())
}
