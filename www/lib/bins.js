// The words for one bin of a pairwise figure (a 2D histogram of two models' per-item scores):
// its score ranges, the tooltip's content and the live region's announcement. Shared by the
// explorer and the <sweep-map> element; everything is written with textContent. The bin's share
// comes in words from the figure (share_text).

import { plural } from "./format.js";
import { displayLabel } from "./sweepmap.js";

/** A bin's score range: "[0.2, 0.3)", and "[0.9, 1]" for the last bin, which includes 1. */
export function binRange([low, high]) {
  return `[${low}, ${high}${high >= 1 ? "]" : ")"}`;
}

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
  list.append(
    ...tooltipRow(info.x_name, binRange(info.x_range)),
    ...tooltipRow(info.y_name, binRange(info.y_range)),
    ...tooltipRow("Items", String(info.count), "tooltip-value"),
    ...tooltipRow("Share", info.share_text),
  );
  return [title, list];
}

/** One line for the live region when the keyboard reaches a bin. */
export function binAnnouncement(info) {
  return (
    `${info.title}: ${info.x_name} ${binRange(info.x_range)}, ${info.y_name} ${binRange(info.y_range)}: ` +
    `${plural(info.count, "item")}, ${info.share_text}.`
  );
}
