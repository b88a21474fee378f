//! A run table's view in share links and `<sweep-map>` attributes: `openLinkedSweep` and
//! `SweepTable.link` over [`crate::link::table`]. Every rule is the core's; this module carries
//! values.

use wasm_bindgen::prelude::*;

use super::table::{sweep_view, SweepTable};
use super::{arguments, js_error, to_plain_object};
use crate::link::table::{format_table_link, open_linked_sweep, read_table_link, table_link};

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
/// run table at all.
#[wasm_bindgen(js_name = openLinkedSweep, unchecked_return_type = "LinkedSweep")]
pub fn open_linked_sweep_js(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] link: JsValue,
) -> Result<JsValue, js_sys::Error> {
    let text = arguments::text("text", "the CSV text as a string", &text)?;
    let link = arguments::text("link", "the link's text (a string)", &link)?;
    let (keys, mut notices) = read_table_link(&link);
    let linked = open_linked_sweep(&text, &keys).map_err(js_error)?;
    notices.extend(linked.notices);
    let object = js_sys::Object::new();
    set(&object, "view", &to_plain_object(&linked.view)?)?;
    set(&object, "notices", &to_plain_object(&notices)?)?;
    set(&object, "table", &SweepTable::of(linked.sweep).into())?;
    Ok(object.into())
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
