//! The difference view: model A minus model B on one benchmark or the mean, one panel on a
//! diverging scale centred on 0, with the cells where one model is ahead beyond noise.

use super::{choice_errors, choice_label, level_text, positions, title, Draft, Panels};
use crate::analysis::{difference, noise_level, test_difference};
use crate::color::{ColorMap, DomainMode};
use crate::display::display_label;
use crate::error::Result;
use crate::figure::{
    benchmark_grid, BenchmarkChoice, FigureKind, FigureOptions, PanelKind, DEFAULT_LEVEL,
};
use crate::{Dataset, Direction};

/// The one panel of `a − b`, and who is ahead where.
pub(super) fn difference_panels(
    dataset: &Dataset,
    options: &FigureOptions,
    (a, b): (&str, &str),
    benchmark: &BenchmarkChoice,
) -> Result<Panels> {
    let metric = &dataset.metric.name;
    let name = choice_label(dataset, benchmark);
    let (index_a, index_b) = (dataset.model_index(a)?, dataset.model_index(b)?);
    let grid_a = benchmark_grid(dataset, index_a, benchmark)?;
    let grid_b = benchmark_grid(dataset, index_b, benchmark)?;
    let result = difference(&grid_a, &grid_b)?;
    // A sign is never shown as a shade: a centred domain unless one is given, a diverging map.
    let domain = match options.domain {
        fixed @ (DomainMode::Fixed { .. } | DomainMode::Centered { .. }) => fixed,
        _ => DomainMode::Centered { center: 0.0 },
    };
    let color_map = if options.color_map.is_diverging() {
        options.color_map
    } else {
        ColorMap::RedBlue
    };
    let mut draft = Draft::new(
        title(&[
            &format!("{} − {}", display_label(a), display_label(b)),
            &name,
        ]),
        None,
        Some(name),
        result.grid.clone(),
    )
    .of_kind(PanelKind::Difference { value_label: None });
    // The per-cell test runs at the marks' level, or 95 % for the observations alone.
    let errors_a = choice_errors(dataset, index_a, benchmark, &grid_a);
    let errors_b = choice_errors(dataset, index_b, benchmark, &grid_b);
    let test = test_difference(
        (&grid_a, &errors_a),
        (&grid_b, &errors_b),
        dataset.metric.direction,
        options.uncertainty.unwrap_or(DEFAULT_LEVEL),
    )?;
    draft.noise = noise_level(errors_a.iter().zip(&errors_b).filter_map(|pair| {
        Some(
            pair.0
                .as_ref()?
                .standard_error
                .hypot(pair.1.as_ref()?.standard_error),
        )
    }));
    let mut mark_label = None;
    if let Some(level) = options.uncertainty {
        draft.marks = positions(&test.a_ahead);
        draft.marks.extend(positions(&test.b_ahead));
        mark_label = Some(if draft.marks.is_empty() {
            format!(
                "no configuration is ahead beyond noise ({})",
                level_text(level)
            )
        } else {
            format!("ahead beyond noise ({})", level_text(level))
        });
    }
    Ok(Panels {
        drafts: vec![draft],
        columns: 1,
        direction: Direction::Higher,
        value_label: Some(format!("{metric} difference ({a} − {b})")),
        domain,
        color_map,
        transform: None,
        mark_label,
        kind: FigureKind::Difference {
            difference: result,
            difference_test: test,
        },
        arrange: None,
    })
}
