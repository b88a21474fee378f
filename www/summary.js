// The summary under the figure: the key observations of a sweep (observations.js) or the
// statistics of every pair of per-item scores (pairwise.js), in the same four places.

import { elements } from "./app.js";
import { renderObservations } from "./observations.js";
import { renderComparisons } from "./pairwise.js";

/** Fills the summary for the figure drawn of data of `kind` ("sweep" or "pairwise"). */
export function renderSummary(kind, figure) {
  const summary = {
    overview: elements.summaryOverview,
    panels: elements.summaryPanels,
    mismatches: elements.mismatches,
    description: elements.figureObservations,
  };
  elements.summaryGrid.classList.toggle("comparisons", kind === "pairwise");
  if (kind === "pairwise") {
    renderComparisons(summary, figure);
  } else {
    renderObservations(summary, figure);
  }
}
