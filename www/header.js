// The header over the figure: the data's title, source and facts, the synthetic tag, and the
// words that differ between sweeps and per-item scores (the figure's help line, the summary's
// heading, the copy buttons).

import { displayLabel, displayNote } from "./lib/sweepmap.js";
import { elements } from "./app.js";
import { showLabel } from "./controls.js";

/** The figure's help line for each kind of data. */
const FIGURE_HELP = {
  sweep: elements.figureHelp.textContent,
  pairwise:
    "Point at a bin for both models' score ranges, its item count and its share of the pair's paired items. With the figure focused, arrow keys step through the bins, Home and End jump to a row's ends, Escape hides the bin.",
};

export function renderHeader(loaded) {
  const { dataset, label } = loaded;
  showLabel(elements.title, label);
  document.title = `${displayLabel(label)} – sweepmap`;
  const note = dataset.source();
  elements.sourceText.textContent = note ? displayNote(note) : "";
  elements.sourceBox.hidden = !note;
  // Made-up data say so next to their title, whatever the title itself says.
  elements.syntheticTag.hidden = !dataset.isSynthetic();
  elements.figureHelp.textContent = FIGURE_HELP[loaded.kind];
  elements.summaryHeading.textContent = loaded.kind === "pairwise" ? "Pairwise comparisons" : "Key observations";
  // Per-item scores are histograms of model pairs, not tables of a metric: no LaTeX table.
  elements.copyLatex.hidden = loaded.kind === "pairwise";
  elements.copyMarkdown.title =
    loaded.kind === "pairwise"
      ? "The statistics of every pair as Markdown, for a paper or a README"
      : "The key observations as Markdown, for a paper or a README";
  elements.facts.textContent = dataset.facts();
}
