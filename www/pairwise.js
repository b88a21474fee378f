// The page's side of pairwise comparisons (per-item scores of several models, drawn by
// SweepPairwiseFigure as one 2D histogram per pair of models): the statistics of every pair in
// the summary area (the note on the default models is the figure's modelsNote(); the bins'
// tooltip is in lib/bins.js). The statistics come in words from the figure
// (comparisonsSummary(), and comparisonsMarkdown() for the Markdown copy); this module only lays
// them out, with textContent.

import { fillCards } from "./observations.js";

// ---------------------------------------------------------------------------------------------
// The summary area

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function comparisonCard(pair) {
  const card = element("article", "summary-card comparison-card");
  card.append(element("h3", null, pair.title));
  const list = element("dl", "comparison-stats");
  for (const { key, term, text } of pair.statistics) {
    const dt = element("dt", null, term);
    const dd = element("dd", null, text);
    dd.dataset.stat = key;
    list.append(dt, dd);
  }
  card.append(list);
  return card;
}

/**
 * Fills the summary area for a pairwise figure: what the pairs are compared over, then one card
 * per pair with its statistics. elements: { overview, panels, mismatches, description }.
 */
export function renderComparisons(elements, figure) {
  const { scope, pairs, description } = figure.comparisonsSummary();
  const box = element("section", "across-panels");
  box.append(element("h3", null, "How the pairs are compared"), element("p", "comparison-scope", scope));
  elements.overview.replaceChildren(...(pairs.length > 0 ? [box] : []));
  elements.overview.hidden = pairs.length === 0;
  fillCards(elements.panels, pairs, comparisonCard, "pair");
  elements.mismatches.replaceChildren();
  elements.mismatches.hidden = true;
  elements.description.textContent = description;
}
