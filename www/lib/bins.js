// The words for one bin of a pairwise figure (a 2D histogram of two models' per-item scores):
// its score ranges, the tooltip's content and the live region's announcement. Shared by the
// explorer and the <sweep-map> element; everything is written with textContent.

import { formatNumber, plural } from "./format.js";
import { displayLabel } from "./sweepmap.js";

/** A share of 0..1 as a percentage with one decimal: "36.1 %"; "–" for none. */
export function percent(share) {
  return typeof share === "number" && Number.isFinite(share) ? `${formatNumber(share * 100, 1)} %` : "–";
}

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

/** "6.3 % of 285 paired items", or "–" when the pair has none. */
function shareText(info, paired) {
  if (info.share === null || info.share === undefined) return "– (no paired items)";
  return typeof paired === "number" ? `${percent(info.share)} of ${plural(paired, "paired item")}` : percent(info.share);
}

/** The tooltip's elements for a bin (a PairwiseCellInfo); paired: the pair's paired items. */
export function binTooltipContent(info, paired) {
  const title = document.createElement("p");
  title.className = "tooltip-title";
  title.textContent = info.title;
  const list = document.createElement("dl");
  list.append(
    ...tooltipRow(info.x_name, binRange(info.x_range)),
    ...tooltipRow(info.y_name, binRange(info.y_range)),
    ...tooltipRow("Items", String(info.count), "tooltip-value"),
    ...tooltipRow("Share", shareText(info, paired)),
  );
  return [title, list];
}

/** One line for the live region when the keyboard reaches a bin. */
export function binAnnouncement(info, paired) {
  return (
    `${info.title}: ${info.x_name} ${binRange(info.x_range)}, ${info.y_name} ${binRange(info.y_range)}: ` +
    `${plural(info.count, "item")}, ${shareText(info, paired)}.`
  );
}
