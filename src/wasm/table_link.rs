//! A run table's view in share links and `<sweep-map>` attributes: `openLinkedSweep` and
//! `SweepTable.link` over [`crate::link::table`]. Every rule is the core's; this module carries
//! values.

use wasm_bindgen::prelude::*;

use super::chunked::step_size;
use super::table::{sweep_options, sweep_view, table_or_error, SweepOptionsObject, SweepTable};
use super::SweepCsvLoader;
use super::{arguments, core_error, js_error, to_plain_object};
use crate::link::table::{format_table_link, open_linked_sweep_with, read_table_link, table_link};

#[wasm_bindgen(typescript_custom_section)]
const TABLE_LINK_TYPES: &'static str = r#"
/** A run table opened for a link (`openLinkedSweep`): the table, the view the link gives on it, and what was wrong with the link. */
export interface LinkedSweep {
  table: SweepTable;
  /** Every choice filled in: project it as it is. */
  view: SweepView;
  notices: LinkNotice[];
}

"#;

/// `object[key] = value` on a plain object made here.
fn set(object: &js_sys::Object, key: &str, value: &JsValue) -> Result<(), js_sys::Error> {
    js_sys::Reflect::set(object, &JsValue::from_str(key), value)
        .map(|_| ())
        .map_err(|_| js_error(format!("could not set \"{key}\"")))
}

/// Opens a CSV sweep as a run table as a share link (or `<sweep-map>`'s attributes, written as
/// a link) describes it: `link`'s keys `roles`, `metric`, `direction`, `x`, `y`, `others` and
/// `binned` (other keys are ignored, so the whole link may be given). A column the file does not
/// have, a value a parameter never takes, or a view that cannot be drawn is a notice naming the
/// key, and the default view's choice is used; throws only when the file cannot be drawn as a
/// run table at all. `options` are `openSweep`'s but `roles` (the link's): `fromJson` for the
/// CSV the importers wrote from runs as JSON.
#[wasm_bindgen(js_name = openLinkedSweep, unchecked_return_type = "LinkedSweep")]
pub fn open_linked_sweep_js(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] link: JsValue,
    options: Option<SweepOptionsObject>,
) -> Result<JsValue, js_sys::Error> {
    let text = arguments::text("text", "the CSV text as a string", &text)?;
    let link = arguments::text("link", "the link's text (a string)", &link)?;
    let base = sweep_options(options.map_or(JsValue::UNDEFINED, Into::into))?;
    let (keys, mut notices) = read_table_link(&link);
    let linked = open_linked_sweep_with(&text, &keys, base).map_err(js_error)?;
    notices.extend(linked.notices);
    let object = js_sys::Object::new();
    set(&object, "view", &to_plain_object(&linked.view)?)?;
    set(&object, "notices", &to_plain_object(&notices)?)?;
    set(&object, "table", &SweepTable::of(linked.sweep).into())?;
    Ok(object.into())
}

/// A big CSV file a `SweepCsvLoader` read in slices and refused for its columns (a W&B export,
/// an Optuna study, more than two parameters or metrics: `finishInput` threw) opened as a run
/// table in steps, without reading it again.
#[wasm_bindgen]
impl SweepCsvLoader {
    /// After `finishInput` refused the file for its columns: does about `cells` fields' worth
    /// (runs times columns, a whole number from 1) of opening the rows read as the `SweepTable`
    /// that `openSweep(text, options)` gives for the whole text. Returns that table after the
    /// last step, else how far it is (a number from 0 to 1). `options` are used by the last step
    /// (a role in `options.roles` that does not fit is the error there). Throws for a loader
    /// that holds no such rows (`finishInput` not called, accepted the file, or refused it for
    /// another reason: its own error stands).
    #[wasm_bindgen(js_name = openStep, unchecked_return_type = "SweepTable | number")]
    pub fn open_step(
        &mut self,
        cells: JsValue,
        options: Option<SweepOptionsObject>,
    ) -> Result<JsValue, js_sys::Error> {
        let cells = step_size("cells", &cells)?;
        let options = sweep_options(options.map_or(JsValue::UNDEFINED, Into::into))?;
        match self.inner.open_step(cells, &options) {
            Ok(None) => Ok(JsValue::from_f64(self.inner.open_share())),
            Ok(Some(sweep)) => table_or_error(Ok(sweep)).map(JsValue::from),
            Err(error) => Err(core_error(error)),
        }
    }
}

#[wasm_bindgen]
impl SweepTable {
    /// The link keys of a view of this table (`key=value&...`, no leading `#`): the roles it was
    /// opened with and what differs from the default view; `""` for the default view. Give it
    /// to `formatLink(state, keys)`; `openLinkedSweep` reads it back.
    pub fn link(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Partial<SweepView>")] view: JsValue,
    ) -> Result<String, js_sys::Error> {
        let default = self.sweep().default_view().map_err(js_error)?;
        let view = sweep_view(view, default)?;
        let keys = table_link(self.sweep(), &view).map_err(js_error)?;
        Ok(format_table_link(&keys))
    }
}
