//! What hovering a cell of a run table's figure adds to the cell's own tooltip: the rest of the
//! configuration the cell shows (each parameter that is not an axis, with how the view chose it:
//! its fixed value, or under "best over" the value that won in this cell (none for an empty
//! cell), or that the cell is a mean over it) and how many runs the cell holds. Facets are left
//! out: the panel's title names them. Written here so every front end says the same.

use super::{CellRuns, Choice, View};
use crate::error::grouped;

impl View {
    /// Rows (name, text) for a cell's tooltip: per parameter that is not an axis (name order)
    /// its value and why ("64 (fixed)", "adam (won in this cell)", "mean over its values"),
    /// then the runs in the cell. `best_over` names the parameters `cell.winner` gives values
    /// for, in its order.
    pub fn cell_rows(&self, best_over: &[String], cell: &CellRuns) -> Vec<(String, String)> {
        let mut rows = Vec::new();
        for (name, choice) in &self.others {
            let text = match choice {
                Choice::Fixed(value) => format!("{value} (fixed)"),
                Choice::Mean => "mean over its values".to_string(),
                Choice::Facet => continue,
                Choice::Best => {
                    let won = best_over
                        .iter()
                        .position(|label| label == name)
                        .zip(cell.winner.as_ref())
                        .and_then(|(at, values)| values.get(at));
                    // An empty cell has no winner: nothing to say.
                    let Some(value) = won else { continue };
                    format!("{value} (won in this cell)")
                }
            };
            rows.push((name.clone(), text));
        }
        let (runs, shown) = (grouped(cell.runs as usize), grouped(cell.shown as usize));
        let runs = match (cell.runs, cell.shown) {
            (0, _) => "none".to_string(),
            (all, measured) if measured == all => runs,
            _ if cell.winner.is_some() => {
                format!("{runs}, {shown} of them the winning configuration's")
            }
            _ => format!("{runs}, {shown} of them measured"),
        };
        rows.push(("Runs in the cell".to_string(), runs));
        rows
    }
}
