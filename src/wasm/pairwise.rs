//! Per-item scores for pairwise model comparisons: loading them (`loadPairwise`), and the
//! handle that keeps them (`SweepPairwise`) with its comparison of two models.

use std::rc::Rc;

use wasm_bindgen::prelude::*;

use super::arguments;
use super::dataset::{column_roles, load_options, unknown_role, ColumnRoles, Roles};
use super::plain::PlainObject;
use super::{
    js_error, to_plain_object, ComparePairOptionsObject, PairStatisticsObject,
    PairwiseLoadOptionsObject,
};
use crate::pairwise::{
    compare_pair, load_pairwise_csv, load_pairwise_json, pairwise_columns, PairComparison,
    PairwiseCsvOptions, PairwiseDataset,
};
use crate::results::Shares;
use crate::view::settings::{COMPARISON, GROUP};
use crate::view::{merge_pairwise, resolve_bins, OptionValue, Settings};

/// The column roles `loadPairwise` understands, as in `PairwiseRoles`.
const PAIRWISE_ROLES: ColumnRoles = ColumnRoles {
    what: "pairwise CSV option",
    names: &["item", "model", "score", "group"],
    lists: &[],
    example: r#"{ item: "task_id", score: "progress_ratio" }"#,
};

impl Roles for PairwiseCsvOptions {
    const ROLES: ColumnRoles = PAIRWISE_ROLES;

    fn set_role(&mut self, name: &str, value: OptionValue) -> crate::Result<()> {
        let column = value.text(name)?;
        match name {
            "item" => self.item = column,
            "model" => self.model = column,
            "score" => self.score = column,
            "group" => self.group = column,
            _ => return Err(unknown_role(&Self::ROLES, name)),
        }
        Ok(())
    }
}

/// Loads per-item scores from CSV or JSON text. `format` is `"auto"` (the default: JSON when
/// the text starts with `{`, after a BOM and white space; CSV otherwise), `"csv"` or `"json"`;
/// `roles` name the CSV columns of the item, model, score and group, each inferred from the
/// header when left out.
#[wasm_bindgen(js_name = loadPairwise)]
pub fn load_pairwise(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    options: Option<PairwiseLoadOptionsObject>,
) -> Result<SweepPairwise, js_sys::Error> {
    let text = arguments::text("text", "the file's text (a string)", &text)?;
    let (json, roles) = load_options(&text, options.map_or(JsValue::UNDEFINED, Into::into))?;
    // Check the roles even for JSON text, so a mistake in them never goes unnoticed.
    let roles: PairwiseCsvOptions = column_roles(roles)?;
    let dataset = if json {
        load_pairwise_json(&text)
    } else {
        load_pairwise_csv(&text, &roles)
    };
    dataset.map(SweepPairwise::new).map_err(js_error)
}

/// The columns `loadPairwise` would read a CSV text's per-item scores from, by their header
/// names: `{ item, model, score, group }` (`group` null when there is none); `roles` as
/// `loadPairwise` takes them. Throws the loader's error for a header with no item, model or
/// score column. Only the header is read: a page asks it of a sample of rows it reduces
/// elsewhere (DuckDB-wasm: README "Parquet in the page").
#[wasm_bindgen(js_name = pairwiseColumns, unchecked_return_type = "{ item: string; model: string; score: string; group: string | null }")]
pub fn pairwise_columns_js(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PairwiseRoles | undefined")] roles: JsValue,
) -> Result<JsValue, js_sys::Error> {
    let text = arguments::text("text", "the CSV text (a string)", &text)?;
    let roles: PairwiseCsvOptions = column_roles(roles)?;
    let columns = pairwise_columns(&text, &roles).map_err(js_error)?;
    super::to_plain_object(&columns)
}

/// What the page says when a choice of `chosen` models is too few to compare (the core's
/// rule, [`crate::pairwise::MIN_MODELS`]): "Compare at least two models.", or `undefined`.
#[wasm_bindgen(js_name = modelsChoiceNote)]
pub fn models_choice_note_js(chosen: usize) -> Option<String> {
    crate::pairwise::models_choice_note(chosen).map(str::to_string)
}

/// Per-item scores of several models, kept in wasm memory. Call `free()` when done with it;
/// figures drawn from it keep their own reference.
#[wasm_bindgen]
pub struct SweepPairwise(Rc<PairwiseDataset>);

#[wasm_bindgen]
impl SweepPairwise {
    /// Model names in the order the data first name them.
    pub fn models(&self) -> Vec<String> {
        self.0.models().to_vec()
    }

    /// Group names (benchmarks, task families) in first-seen order; empty without groups.
    pub fn groups(&self) -> Vec<String> {
        self.0.groups().to_vec()
    }

    /// How many items the data hold (an item is its name within its group).
    #[wasm_bindgen(js_name = itemCount)]
    pub fn item_count(&self) -> usize {
        self.0.items().len()
    }

    /// The score's name, e.g. "progress ratio"; axes read "<score name> - <model>".
    #[wasm_bindgen(js_name = scoreName)]
    pub fn score_name(&self) -> String {
        self.0.score_name().to_string()
    }

    /// The name of the grouping, e.g. "benchmark"; `null` when the items have no groups.
    #[wasm_bindgen(js_name = groupName)]
    pub fn group_name(&self) -> Option<String> {
        self.0.group_name().map(str::to_string)
    }

    /// What the group list calls every group: "All benchmarks" ("All groups" for an unnamed
    /// grouping).
    #[wasm_bindgen(js_name = allGroupsLabel)]
    pub fn all_groups_label(&self) -> String {
        self.0.all_groups_label()
    }

    /// The title, when the data give one (JSON only).
    pub fn title(&self) -> Option<String> {
        self.0.title().map(str::to_string)
    }

    /// Where the data come from, when they say (JSON only); synthetic data say so here.
    pub fn source(&self) -> Option<String> {
        self.0.source().map(str::to_string)
    }

    /// The header's facts line: "progress ratio per item, from 0 to 1 · 4 models · 300 items ·
    /// 3 benchmarks".
    pub fn facts(&self) -> String {
        crate::figure::pairwise_facts(&self.0)
    }

    /// True when the title or the provenance note calls the data synthetic (the word).
    #[wasm_bindgen(js_name = isSynthetic)]
    pub fn is_synthetic(&self) -> bool {
        crate::figure::is_synthetic(self.0.title(), self.0.source())
    }

    /// Compares model `a` with model `b` over the items both scored (within `group` when
    /// given): who is ahead how often, the mean paired difference and the sign test, with the
    /// items only one of them scored. `bins`, `binsX` and `binsY` are checked as in a figure;
    /// they shape the histogram, not these statistics.
    #[wasm_bindgen(js_name = comparePair)]
    pub fn compare_pair(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] a: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] b: JsValue,
        options: Option<ComparePairOptionsObject>,
    ) -> Result<PairStatisticsObject, js_sys::Error> {
        let a = arguments::text("a", "a model name (a string)", &a)?;
        let b = arguments::text("b", "a model name (a string)", &b)?;
        let patch =
            arguments::options_patch(options.map_or(JsValue::UNDEFINED, Into::into), &COMPARISON)?;
        let settings = merge_pairwise(&Settings::default(), &patch);
        let bins = resolve_bins(&settings).map_err(js_error)?;
        let comparison =
            compare_pair(&self.0, &a, &b, bins, settings.text(&GROUP)).map_err(js_error)?;
        Ok(pair_statistics(&comparison)?.unchecked_into())
    }
}

/// A comparison as JavaScript gets it (`PairStatistics`): its own fields (the histogram left
/// out, as its `Serialize` does) with its `shares` set over them.
pub(super) fn pair_statistics(comparison: &PairComparison) -> Result<JsValue, js_sys::Error> {
    let statistics = to_plain_object(comparison)?;
    let shares = to_plain_object(&Shares::of(comparison))?;
    statistics
        .unchecked_ref::<PlainObject>()
        .set("shares", &shares);
    Ok(statistics)
}

impl SweepPairwise {
    /// A handle on loaded scores.
    pub(crate) fn new(dataset: PairwiseDataset) -> SweepPairwise {
        SweepPairwise(Rc::new(dataset))
    }

    /// The core dataset behind the handle.
    pub fn dataset(&self) -> &PairwiseDataset {
        &self.0
    }

    /// A shared reference to the dataset, for a figure to keep.
    pub(crate) fn shared(&self) -> Rc<PairwiseDataset> {
        Rc::clone(&self.0)
    }
}
