// The tooltip of one bin of a pairwise figure (a 2D histogram of two models' per-item scores),
// shared by the explorer and the <sweep-map> element; everything is written with textContent.
// The bin's words come from the figure (PairwiseCellInfo: its tooltip rows, and announcement
// for the live region).

import { displayLabel } from "./sweepmap.js";

/**
 * A term and its description in a tooltip's list; either may be a name from the data, so both
 * are shown as the core's displayLabel cuts and isolates them.
 */
export function tooltipRow(term, description, className) {
  const dt = document.createElement("dt");
  dt.textContent = displayLabel(term);
  const dd = document.createElement("dd");
  dd.textContent = displayLabel(description);
  if (className) dd.className = className;
  return [dt, dd];
}

/** The tooltip's elements for a bin (a PairwiseCellInfo). */
export function binTooltipContent(info) {
  const title = document.createElement("p");
  title.className = "tooltip-title";
  title.textContent = info.title;
  const list = document.createElement("dl");
  for (const row of info.tooltip) list.append(...tooltipRow(row.term, row.text, row.value ? "tooltip-value" : undefined));
  return [title, list];
}
