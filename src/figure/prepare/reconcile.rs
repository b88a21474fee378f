//! The reconciliation view: a reported aggregate (a benchmark with `aggregate_of`) beside the
//! mean recomputed from its parts and their difference, with the cells that disagree beyond
//! rounding marked.

use super::{title, Draft, Panels};
use crate::analysis::reconcile_aggregate;
use crate::color::DomainMode;
use crate::error::Result;
use crate::figure::{FigureKind, FigureOptions, PanelKind};
use crate::{Dataset, Grid};

/// Three panels: reported, recomputed (both derived from the same figures, on one colour
/// range) and their signed difference.
pub(super) fn reconcile_panels(
    dataset: &Dataset,
    options: &FigureOptions,
    model: &str,
    benchmark: &str,
) -> Result<Panels> {
    let model_index = dataset.model_index(model)?;
    let benchmark_index = dataset.benchmark_index(benchmark)?;
    let result = reconcile_aggregate(dataset, model_index, benchmark_index)?;
    let reported = dataset
        .panel_at(model_index, benchmark_index)
        .map(|panel| panel.grid.clone())
        .unwrap_or_else(|| Grid::empty(dataset.x.len(), dataset.y.len()));
    let parts = dataset
        .benchmark_info(benchmark_index)
        .and_then(|info| info.aggregate_of.as_ref())
        .map_or(0, Vec::len);
    let reported = Draft::new(
        title(&[model, benchmark]),
        Some(model.to_string()),
        Some(benchmark.to_string()),
        reported,
    );
    let mut recomputed = Draft::new(
        title(&[model, &format!("recomputed mean of {parts}")]),
        Some(model.to_string()),
        Some(benchmark.to_string()),
        result.recomputed.clone(),
    );
    recomputed.derived = true;
    // A colour bar of its own beside the panels of values.
    let mut signed = Draft::new(
        title(&[model, "reported − recomputed"]),
        Some(model.to_string()),
        Some(benchmark.to_string()),
        result.difference.clone(),
    )
    .of_kind(PanelKind::Difference {
        value_label: Some(format!("{} difference", dataset.metric.name)),
    });
    signed.signed = true;
    signed.derived = true;
    let mut marks = Vec::with_capacity(result.mismatches.len());
    for m in &result.mismatches {
        marks.push((m.position.x, m.position.y));
    }
    signed.marks = marks;
    // Reported and recomputed figures compare only on one colour range.
    let domain = match options.domain {
        DomainMode::PerPanel => DomainMode::Shared,
        domain => domain,
    };
    Ok(Panels {
        drafts: vec![reported, recomputed, signed],
        columns: 3,
        direction: dataset.metric.direction,
        value_label: None,
        domain,
        color_map: options.color_map,
        transform: None,
        mark_label: Some("differs beyond rounding".to_string()),
        kind: FigureKind::Reconcile {
            reconciliation: result,
        },
        arrange: None,
    })
}
