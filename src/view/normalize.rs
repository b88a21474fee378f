//! A view state against the names of a dataset: the lenient rules the page and `<sweep-map>`
//! follow, where the API is strict. A name the data lack and a value the page does not offer
//! fall back to the default without a word (the link reader is the one that says so), and what
//! is the default is written as "the default" (`None`), so equal figures have equal links.
//!
//! - [`resolve_names`]: the model, model B and benchmark a sweep view shows;
//! - [`normalize_sweep`], [`normalize_pairwise`]: the state as its link says it;
//! - [`sweep_options`], [`pairwise_options`]: the options object of the figure for a state,
//!   every option given (`null` where the layout or range does not use it), so nothing set for
//!   an earlier view lingers in the figure's merged options;
//! - [`pairwise_models`]: the models a pairwise view compares.

use serde::Serialize;

use super::setting::{OptionSet, OptionValue};
use super::settings::{
    offered_level, BENCHMARK, BINS, BINS_X, BINS_Y, CENTER, MAX, MEAN_BENCHMARK, MIN, MODEL,
    MODELS, MODEL_B, PAIRWISE, SWEEP, UNCERTAINTY,
};
use super::{PairwiseView, SweepView, ViewFields};
use crate::figure::{default_pairwise_models, Layout, Range};

/// The names of the data a view is for.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Names {
    /// Models, the first the default.
    pub models: Vec<String>,
    /// Benchmarks, the first the default.
    pub benchmarks: Vec<String>,
    /// Reported aggregates (benchmarks with `aggregate_of`), the first the default.
    pub aggregates: Vec<String>,
    /// Groups of pairwise data.
    pub groups: Vec<String>,
}

/// The model, model B and benchmark a sweep view shows; `None` where the data have none.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Resolved {
    pub model: Option<String>,
    pub model_b: Option<String>,
    pub benchmark: Option<String>,
}

/// What the layout list calls the difference view on data with these names: "Difference of
/// two models", or "Difference (needs two models)" for data with a single model (which have no
/// model B: [`resolve_names`]).
pub fn difference_label(names: &Names) -> &'static str {
    if names.models.len() > 1 {
        "Difference of two models"
    } else {
        "Difference (needs two models)"
    }
}

/// What the page offers for a sweep view on data with these names: a control with nothing to
/// choose is not shown, and the lists say what each choice is.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Choices {
    /// The difference layout's label ([`difference_label`]).
    pub difference_label: &'static str,
    /// The model list's label: "Model A" in a difference (beside model B), else "Model".
    pub model_label: &'static str,
    /// The uncertainty checkbox's label: what the marks of the view's layout show.
    pub uncertainty_label: &'static str,
    /// Whether the layouts differ: several models or benchmarks, or a reported aggregate (one
    /// model and one benchmark make every layout the same panel).
    pub layouts: bool,
    /// Whether there is a model to choose (two or more).
    pub models: bool,
    /// Whether the view's layout has several panels of one kind to put in order.
    pub order: bool,
    /// The benchmark list for the view's layout, `[value, text]`: every benchmark ("All data (no
    /// benchmark column)" for data without one) and their mean, or for a reconciliation the
    /// reported aggregates.
    pub benchmarks: Vec<(String, String)>,
}

/// What the page offers for `view` on data with these `names` (see [`Choices`]).
pub fn choices(view: &SweepView, names: &Names) -> Choices {
    let (models, benchmarks) = (names.models.len(), names.benchmarks.len());
    let panels = match view.layout {
        Layout::Model => benchmarks,
        Layout::Benchmark => models,
        Layout::Grid => models * benchmarks,
        Layout::Difference | Layout::Reconcile => 0,
    };
    let listed = if view.layout == Layout::Reconcile {
        names
            .aggregates
            .iter()
            .map(|name| (name.clone(), name.clone()))
            .collect()
    } else {
        let mut listed: Vec<(String, String)> = names
            .benchmarks
            .iter()
            .map(|name| {
                let text = if name.is_empty() {
                    "All data (no benchmark column)"
                } else {
                    name
                };
                (name.clone(), text.to_string())
            })
            .collect();
        listed.push((MEAN_BENCHMARK.to_string(), "Mean of benchmarks".to_string()));
        listed
    };
    let difference = view.layout == Layout::Difference;
    Choices {
        difference_label: difference_label(names),
        model_label: if difference { "Model A" } else { "Model" },
        uncertainty_label: if difference {
            "Mark cells where one model is ahead beyond noise"
        } else {
            "Mark cells within noise of the peak"
        },
        layouts: models > 1 || benchmarks > 1 || !names.aggregates.is_empty(),
        models: models > 1,
        order: panels > 1,
        benchmarks: listed,
    }
}

/// `wanted` when it is among `names`, else the first of `names`.
fn among_or_first(names: &[String], wanted: Option<&String>) -> Option<String> {
    wanted
        .filter(|wanted| names.contains(wanted))
        .or(names.first())
        .cloned()
}

/// The model, model B and benchmark a state shows on data with these names: `None` (the
/// default) and names the data lack become the defaults. Model B is `None` when the data have a
/// single model. In the reconcile layout the benchmark is a reported aggregate (`None` when
/// there is none).
pub fn resolve_names(view: &SweepView, names: &Names) -> Resolved {
    let model = among_or_first(&names.models, view.model.as_ref());
    let mut others: Vec<String> = Vec::new();
    for name in &names.models {
        if Some(name) != model.as_ref() {
            others.push(name.clone());
        }
    }
    let model_b = among_or_first(&others, view.model_b.as_ref());
    let benchmark = if view.layout == Layout::Reconcile {
        among_or_first(&names.aggregates, view.benchmark.as_ref())
    } else if view.benchmark.as_deref() == Some(MEAN_BENCHMARK) {
        view.benchmark.clone()
    } else {
        among_or_first(&names.benchmarks, view.benchmark.as_ref())
    };
    Resolved {
        model,
        model_b,
        benchmark,
    }
}

/// A sweep state as its link says it: model, model B and benchmark back to `None` where they
/// are the data's defaults, unknown to them, or unused by the layout; the uncertainty marks off
/// where the layout does not use them or at a level the page does not offer; bounds and centre
/// back to their defaults where the range does not use them; and a layout the data cannot show
/// replaced (difference with one model, reconcile without a reported aggregate).
pub fn normalize_sweep(view: &SweepView, names: &Names) -> SweepView {
    let defaults = SweepView::default();
    let mut next = view.clone();
    if next.layout == Layout::Difference && names.models.len() < 2
        || next.layout == Layout::Reconcile && names.aggregates.is_empty()
    {
        next.layout = defaults.layout;
    }
    let used = next.layout.uses();
    let resolved = resolve_names(&next, names);
    let unless = |used: bool, value: Option<String>, default: Option<&String>| {
        value.filter(|value| used && Some(value) != default)
    };
    next.model = unless(used.model, resolved.model.clone(), names.models.first());
    let default_b = names
        .models
        .iter()
        .find(|name| Some(*name) != resolved.model.as_ref());
    next.model_b = unless(used.model_b, resolved.model_b, default_b);
    let default_benchmark = if next.layout == Layout::Reconcile {
        names.aggregates.first()
    } else {
        names.benchmarks.first()
    };
    next.benchmark = unless(used.benchmark, resolved.benchmark, default_benchmark);
    // A level offered, or no marks (turned off where the data would have them by default).
    next.uncertainty = next
        .uncertainty
        .filter(|level| used.uncertainty && offered_level(*level));
    if next.range != Range::Fixed {
        (next.min, next.max) = (defaults.min, defaults.max);
    }
    if next.range != Range::Centered {
        next.center = defaults.center;
    }
    next
}

/// The models a pairwise state compares on data with these models: its own (in the data's
/// order, when at least two are known), else the default ones.
pub fn pairwise_models(view: &PairwiseView, models: &[String]) -> Vec<String> {
    let mut chosen: Vec<String> = Vec::new();
    if let Some(wanted) = &view.models {
        for name in models {
            if wanted.contains(name) {
                chosen.push(name.clone());
            }
        }
    }
    if chosen.len() >= crate::pairwise::MIN_MODELS {
        chosen
    } else {
        default_pairwise_models(models).to_vec()
    }
}

/// A pairwise state as its link says it, for data with these models and groups: the models in
/// the data's order, `None` when they are the default models or fewer than two known ones; a
/// group the data lack back to all items; a range pairwise figures lack, or bins the page does
/// not offer, back to the default; bounds back to `None` unless the range is fixed.
pub fn normalize_pairwise(view: &PairwiseView, names: &Names) -> PairwiseView {
    let defaults = PairwiseView::default();
    let mut next = view.clone();
    let chosen = pairwise_models(view, &names.models);
    next.models = Some(chosen).filter(|chosen| chosen != default_pairwise_models(&names.models));
    next.group = next.group.filter(|group| names.groups.contains(group));
    if !BINS.contains(&next.bins) {
        next.bins = defaults.bins;
    }
    if !Range::PAIRWISE.contains(&next.range) {
        next.range = defaults.range;
    }
    if next.range != Range::Fixed {
        (next.min, next.max) = (defaults.min, defaults.max);
    }
    next
}

/// An options object: every option of a set, in its order, with its value.
pub type OptionsObject = Vec<(&'static str, OptionValue)>;

/// Every option of `set` that a state has a field for, with the state's value; the others
/// (width, pixel ratio) left out.
fn options_of(
    set: &OptionSet,
    get: impl Fn(&super::Setting) -> Option<OptionValue>,
) -> OptionsObject {
    let mut options = Vec::with_capacity(set.settings.len());
    for setting in set.settings {
        if let Some(value) = get(setting) {
            options.push((setting.option, value));
        }
    }
    options
}

/// Puts `value` as option `name` of an options object.
fn put(options: &mut OptionsObject, name: &str, value: OptionValue) {
    if let Some(slot) = options.iter_mut().find(|(option, _)| *option == name) {
        slot.1 = value;
    }
}

/// A name as an option value (`null` when there is none).
fn name_value(name: Option<String>) -> OptionValue {
    name.map_or(OptionValue::Null, OptionValue::Text)
}

/// The options object of `SweepFigure` for a sweep state on data with these names: the names it
/// shows resolved, and `null` where the layout or range does not use an option.
pub fn sweep_options(view: &SweepView, names: &Names) -> OptionsObject {
    let mut options = options_of(&SWEEP, |setting| view.get(setting));
    let resolved = resolve_names(view, names);
    let difference = view.layout == Layout::Difference;
    put(&mut options, MODEL.option, name_value(resolved.model));
    let model_b = resolved.model_b.filter(|_| difference);
    put(&mut options, MODEL_B.option, name_value(model_b));
    put(
        &mut options,
        BENCHMARK.option,
        name_value(resolved.benchmark),
    );
    clear_unused_bounds(&mut options, view.range);
    if view.range != Range::Centered {
        put(&mut options, CENTER.option, OptionValue::Null);
    }
    if !view.layout.uses().uncertainty {
        put(&mut options, UNCERTAINTY.option, OptionValue::Null);
    }
    options
}

/// `min` and `max` back to `null` unless the range is fixed.
fn clear_unused_bounds(options: &mut OptionsObject, range: Range) {
    if range != Range::Fixed {
        put(options, MIN.option, OptionValue::Null);
        put(options, MAX.option, OptionValue::Null);
    }
}

/// The options object of `SweepPairwiseFigure` for a pairwise state on data with these names:
/// the models it compares written out, both axes binned alike, and `null` where the range does
/// not use an option.
pub fn pairwise_options(view: &PairwiseView, names: &Names) -> OptionsObject {
    // Both axes take `bins`: `binsX` and `binsY` are given as `null`.
    let per_axis = |option: &str| option == BINS_X.option || option == BINS_Y.option;
    let mut options = options_of(&PAIRWISE, |setting| {
        view.get(setting)
            .or_else(|| per_axis(setting.option).then_some(OptionValue::Null))
    });
    let models = pairwise_models(view, &names.models);
    put(&mut options, MODELS.option, OptionValue::TextList(models));
    clear_unused_bounds(&mut options, view.range);
    options
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Names {
        let list = |names: &[&str]| names.iter().map(|n| n.to_string()).collect();
        Names {
            models: list(&["R1-Llama", "R1-Qwen"]),
            benchmarks: list(&["AIME24", "AIME25", "AMC23", "Average (reported)"]),
            aggregates: list(&["Average (reported)"]),
            groups: list(&["web", "code"]),
        }
    }

    fn sweep(layout: Layout) -> SweepView {
        SweepView {
            layout,
            ..SweepView::default()
        }
    }

    fn some(name: &str) -> Option<String> {
        Some(name.to_string())
    }

    #[test]
    fn the_difference_layout_says_when_the_data_have_one_model() {
        let names = names();
        assert_eq!(difference_label(&names), "Difference of two models");
        let one = Names {
            models: vec!["R1-Qwen".to_owned()],
            ..names
        };
        assert_eq!(difference_label(&one), "Difference (needs two models)");
        assert_eq!(
            difference_label(&Names::default()),
            "Difference (needs two models)"
        );
    }

    #[test]
    fn the_page_offers_only_controls_with_something_to_choose() {
        let names = names();
        let grid = choices(&sweep(Layout::Grid), &names);
        assert_eq!((grid.layouts, grid.models, grid.order), (true, true, true));
        assert_eq!(grid.difference_label, "Difference of two models");
        assert_eq!(grid.model_label, "Model");
        assert_eq!(
            grid.uncertainty_label,
            "Mark cells within noise of the peak"
        );
        let difference = choices(&sweep(Layout::Difference), &names);
        assert_eq!(difference.model_label, "Model A");
        assert_eq!(
            difference.uncertainty_label,
            "Mark cells where one model is ahead beyond noise"
        );
        assert_eq!(
            grid.benchmarks.last(),
            Some(&(MEAN_BENCHMARK.to_string(), "Mean of benchmarks".to_string()))
        );
        assert_eq!(grid.benchmarks.len(), 5);
        let reconcile = choices(&sweep(Layout::Reconcile), &names);
        assert_eq!(
            reconcile.benchmarks,
            [(
                "Average (reported)".to_string(),
                "Average (reported)".to_string()
            )]
        );
        assert!(!reconcile.order);
        // One model, one unnamed benchmark: nothing to choose, no order, the benchmark said.
        let one = Names {
            models: vec!["m".to_string()],
            benchmarks: vec![String::new()],
            ..Names::default()
        };
        let model = choices(&sweep(Layout::Model), &one);
        assert_eq!(
            (model.layouts, model.models, model.order),
            (false, false, false)
        );
        assert_eq!(model.difference_label, "Difference (needs two models)");
        assert_eq!(
            model.benchmarks[0],
            (String::new(), "All data (no benchmark column)".to_string())
        );
        // Order is offered where the layout has two or more panels: two benchmarks of one model.
        let two = Names {
            benchmarks: vec!["a".to_string(), "b".to_string()],
            ..one
        };
        assert!(choices(&sweep(Layout::Model), &two).order);
        assert!(!choices(&sweep(Layout::Benchmark), &two).order);
        assert!(choices(&sweep(Layout::Grid), &two).order);
        assert!(choices(&sweep(Layout::Model), &two).layouts);
    }

    #[test]
    fn names_resolve_to_the_first_and_model_b_to_the_first_other() {
        let names = names();
        let resolved = resolve_names(&sweep(Layout::Model), &names);
        assert_eq!(
            resolved,
            Resolved {
                model: some("R1-Llama"),
                model_b: some("R1-Qwen"),
                benchmark: some("AIME24")
            }
        );
        let qwen = SweepView {
            model: some("R1-Qwen"),
            ..sweep(Layout::Model)
        };
        assert_eq!(resolve_names(&qwen, &names).model_b, some("R1-Llama"));
        let gone = SweepView {
            model: some("Gone"),
            benchmark: some("Gone"),
            ..sweep(Layout::Model)
        };
        assert_eq!(resolve_names(&gone, &names).model, some("R1-Llama"));
        assert_eq!(resolve_names(&gone, &names).benchmark, some("AIME24"));
        let mean = SweepView {
            benchmark: some(MEAN_BENCHMARK),
            ..sweep(Layout::Benchmark)
        };
        assert_eq!(resolve_names(&mean, &names).benchmark, some(":mean"));
        // Reconcile shows a reported aggregate: the first unless another one is named.
        let reconcile = SweepView {
            benchmark: some("AMC23"),
            ..sweep(Layout::Reconcile)
        };
        assert_eq!(
            resolve_names(&reconcile, &names).benchmark,
            some("Average (reported)")
        );
        let none = Names {
            aggregates: vec![],
            ..names.clone()
        };
        assert_eq!(resolve_names(&reconcile, &none).benchmark, None);
        let one = Names {
            models: vec!["A".into()],
            ..names
        };
        assert_eq!(resolve_names(&sweep(Layout::Model), &one).model_b, None);
        assert_eq!(
            resolve_names(&sweep(Layout::Model), &Names::default()),
            Resolved::default()
        );
    }

    #[test]
    fn normalizing_writes_defaults_as_none_and_drops_what_is_unused() {
        let names = names();
        let full = SweepView {
            model: some("R1-Llama"),
            model_b: some("R1-Qwen"),
            benchmark: some("AIME24"),
            min: Some(1.0),
            max: Some(2.0),
            center: 3.0,
            uncertainty: Some(0.95),
            ..sweep(Layout::Difference)
        };
        let normal = normalize_sweep(&full, &names);
        assert_eq!(
            (
                normal.model,
                normal.model_b,
                normal.benchmark,
                normal.min,
                normal.center
            ),
            (None, None, None, None, 0.0)
        );
        assert_eq!(normal.uncertainty, Some(0.95));
        let grid = normalize_sweep(
            &SweepView {
                layout: Layout::Grid,
                model: some("R1-Qwen"),
                ..full.clone()
            },
            &names,
        );
        assert_eq!((grid.model, grid.benchmark), (None, None));
        // A level the page does not offer, and marks the layout does not use, are dropped.
        let odd = SweepView {
            uncertainty: Some(0.5),
            ..full.clone()
        };
        assert_eq!(normalize_sweep(&odd, &names).uncertainty, None);
        let reconcile = normalize_sweep(&sweep(Layout::Reconcile), &names);
        assert_eq!(
            (reconcile.layout, reconcile.uncertainty),
            (Layout::Reconcile, None)
        );
        // Layouts the data cannot show.
        let no_aggregate = Names {
            aggregates: vec![],
            ..names.clone()
        };
        assert_eq!(
            normalize_sweep(&sweep(Layout::Reconcile), &no_aggregate).layout,
            Layout::Model
        );
        let one = Names {
            models: vec!["A".into()],
            ..names.clone()
        };
        assert_eq!(normalize_sweep(&full, &one).layout, Layout::Model);
        // Kept where used and not the default.
        let fixed = SweepView {
            range: Range::Fixed,
            model: some("R1-Qwen"),
            ..full
        };
        let kept = normalize_sweep(&fixed, &names);
        assert_eq!(
            (kept.model.clone(), kept.min, kept.max),
            (some("R1-Qwen"), Some(1.0), Some(2.0))
        );
        assert_eq!(kept.model_b, None, "R1-Llama is the default other model");
        // Normalising twice changes nothing.
        assert_eq!(normalize_sweep(&kept, &names), kept);
    }

    fn option<'a>(options: &'a OptionsObject, name: &str) -> &'a OptionValue {
        &options
            .iter()
            .find(|(option, _)| *option == name)
            .unwrap()
            .1
    }

    #[test]
    fn figure_options_give_every_option_with_nulls_for_the_unused() {
        let names = names();
        let view = SweepView {
            benchmark: some(":mean"),
            range: Range::Fixed,
            min: Some(-3.0),
            max: Some(3.0),
            decimals: Some(2),
            uncertainty: Some(0.9),
            ..sweep(Layout::Difference)
        };
        let options = sweep_options(&view, &names);
        let names_given: Vec<&str> = options.iter().map(|(name, _)| *name).collect();
        assert_eq!(
            names_given,
            [
                "layout",
                "model",
                "modelB",
                "benchmark",
                "order",
                "colorMap",
                "reversed",
                "colorScale",
                "domain",
                "min",
                "max",
                "center",
                "annotate",
                "decimals",
                "uncertainty",
                "marginals",
                "chart",
                "along",
                "across",
                "theme"
            ]
        );
        let text = |t: &str| OptionValue::Text(t.into());
        assert_eq!(option(&options, "model"), &text("R1-Llama"));
        assert_eq!(option(&options, "modelB"), &text("R1-Qwen"));
        assert_eq!(option(&options, "benchmark"), &text(":mean"));
        assert_eq!(option(&options, "domain"), &text("fixed"));
        assert_eq!(option(&options, "min"), &OptionValue::Number(-3.0));
        assert_eq!(option(&options, "center"), &OptionValue::Null);
        assert_eq!(option(&options, "decimals"), &OptionValue::Number(2.0));
        assert_eq!(option(&options, "uncertainty"), &OptionValue::Number(0.9));
        assert_eq!(option(&options, "theme"), &text("auto"));
        assert_eq!(option(&options, "colorScale"), &text("linear"));
        let reconcile = sweep_options(
            &SweepView {
                layout: Layout::Reconcile,
                ..view
            },
            &names,
        );
        assert_eq!(option(&reconcile, "modelB"), &OptionValue::Null);
        assert_eq!(option(&reconcile, "uncertainty"), &OptionValue::Null);
        // Given as the view holds it (the layout decides whether strips are drawn).
        assert_eq!(option(&reconcile, "marginals"), &text("auto"));
        assert_eq!(option(&reconcile, "benchmark"), &text("Average (reported)"));
    }

    #[test]
    fn pairwise_states_compare_known_models_in_the_data_order() {
        let seven: Vec<String> = (1..=7).map(|m| format!("m{m}")).collect();
        let names = Names {
            models: seven.clone(),
            ..Names::default()
        };
        let with = |models: &[&str]| PairwiseView {
            models: Some(models.iter().map(|m| m.to_string()).collect()),
            group: some("gone"),
            bins: 7,
            range: Range::Centered,
            min: Some(1.0),
            ..PairwiseView::default()
        };
        let normal = normalize_pairwise(&with(&["m5", "m3", "m1", "m2", "m4"]), &names);
        assert_eq!(
            normal.models, None,
            "the first five in any order are the default"
        );
        assert_eq!(
            (normal.group, normal.bins, normal.range, normal.min),
            (None, 10, Range::Shared, None)
        );
        let chosen = normalize_pairwise(&with(&["m7", "m6", "zz"]), &names);
        assert_eq!(
            chosen.models,
            Some(vec!["m6".to_string(), "m7".to_string()])
        );
        assert_eq!(
            normalize_pairwise(&with(&["m6", "zz"]), &names).models,
            None
        );
        assert_eq!(pairwise_models(&with(&["m6"]), &seven), seven[..5].to_vec());
        let options = pairwise_options(&chosen, &names);
        assert_eq!(
            option(&options, "models"),
            &OptionValue::TextList(vec!["m6".into(), "m7".into()])
        );
        assert_eq!(option(&options, "binsX"), &OptionValue::Null);
        assert_eq!(option(&options, "min"), &OptionValue::Null);
        assert!(options.iter().all(|(name, _)| *name != "width"));
    }
}
