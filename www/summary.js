// The summary beside the figure: per panel its peak (every tied cell), its lowest value, mean,
// trends along both axes and how many cells are present; for a difference, how many
// configurations each model wins. All numbers come from the figure's analysis (reports() and
// differenceSummary()); this module only words them, with textContent.

import { decimalsOf, formatNumber, formatSigned, plural } from "./format.js";

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The decimals of the figure's value labels, read from a label the figure wrote. */
export function figureDecimals(figure, reports) {
  for (const [index, report] of reports.entries()) {
    const cell = report.summary?.peak?.cells?.[0];
    if (!cell) continue;
    const info = figure.cellInfo(index, cell.x, cell.y);
    if (info && info.value !== null) return decimalsOf(info.value_label);
  }
  return 1;
}

function places(cells) {
  if (cells.length <= 1) return cells[0] ?? "";
  const list = element("ul", "cell-list");
  for (const cell of cells) list.append(element("li", null, cell));
  return list;
}

function fact(list, term, ...content) {
  content = content.filter((part) => part !== "");
  const dd = element("dd");
  dd.append(...content);
  list.append(element("dt", null, term), dd);
}

/** One panel's card. */
function panelCard(report, { decimals, xName, yName }) {
  const card = element("article", "summary-card");
  card.append(element("h3", null, report.title));
  const summary = report.summary;
  if (!summary) {
    card.append(element("p", "hint", "No cell of this panel has a value."));
    return card;
  }
  const list = element("dl", "facts");
  const higher = summary.direction !== "lower";
  const ties = summary.peak.cells.length;
  const where = (count) => (count > 1 ? `, ${count} cells tie:` : " at ");
  fact(
    list,
    higher ? "Peak" : "Peak (lowest is best)",
    element("span", "number", formatNumber(summary.peak.value, decimals)),
    where(ties),
    places(report.peak_cells),
  );
  const worstTies = summary.worst.cells.length;
  fact(
    list,
    higher ? "Lowest" : "Highest",
    element("span", "number", formatNumber(summary.worst.value, decimals)),
    where(worstTies),
    places(report.worst_cells),
  );
  fact(
    list,
    "Mean",
    element("span", "number", formatNumber(summary.mean, decimals + 1)),
    ` (median ${formatNumber(summary.median, decimals + 1)}, range ${formatNumber(summary.range, decimals)})`,
  );
  fact(list, `Along ${xName}`, report.trends?.along_x?.description ?? "–");
  fact(list, `Along ${yName}`, report.trends?.along_y?.description ?? "–");
  const total = summary.present + summary.missing;
  const cells =
    summary.missing > 0
      ? `${summary.present} of ${total} present, ${summary.missing} missing`
      : `all ${plural(total, "cell")} present`;
  fact(list, "Cells", cells);
  card.append(list);
  return card;
}

/** What a difference says: which model is ahead how often, and by how much. */
function differenceOverview(difference, { modelA, modelB, decimals }) {
  const box = element("div", "difference-overview");
  const compared = difference.a_higher + difference.equal + difference.b_higher;
  box.append(element("h3", null, `${modelA} against ${modelB}`));
  const lines = element("ul", "wins");
  lines.append(
    element("li", null, `${modelA} is higher in ${difference.a_higher} of ${plural(compared, "configuration")}.`),
    element("li", null, `${modelB} is higher in ${difference.b_higher}.`),
    element("li", null, `${difference.equal === 1 ? "1 configuration ties" : `${difference.equal} configurations tie`}.`),
  );
  if (difference.only_in_a > 0 || difference.only_in_b > 0) {
    lines.append(
      element(
        "li",
        null,
        `Measured for one model only: ${difference.only_in_a} for ${modelA}, ${difference.only_in_b} for ${modelB} (not compared).`,
      ),
    );
  }
  if (typeof difference.mean_difference === "number") {
    lines.append(
      element(
        "li",
        null,
        `Mean difference (${modelA} − ${modelB}): ${formatSigned(difference.mean_difference, decimals + 1)}; largest gap ${formatNumber(difference.max_abs_difference, decimals)}.`,
      ),
    );
  }
  box.append(lines);
  return box;
}

/**
 * Fills the summary's overview and panel list for a drawn figure.
 * context: { xName, yName, modelA, modelB, layout }.
 */
export function renderSummary({ overview, panels }, figure, context) {
  const reports = figure.reports();
  const decimals = figureDecimals(figure, reports);
  overview.replaceChildren();
  if (context.layout === "difference") {
    const difference = figure.differenceSummary();
    if (difference) overview.append(differenceOverview(difference, { ...context, decimals }));
  }
  overview.hidden = overview.childElementCount === 0;
  panels.replaceChildren(...reports.map((report) => panelCard(report, { ...context, decimals })));
}
