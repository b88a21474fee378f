// The page's side of pairwise comparisons (per-item scores of several models, drawn by
// SweepPairwiseFigure as one 2D histogram per pair of models): the header's facts, the note on
// the default models, and the statistics of every pair in the summary area (and as Markdown); the bins' tooltip and
// announcement are in lib/bins.js. The numbers all come from the figure (comparisons(), cellInfo);
// this module only words and lays them out, with textContent.

import { formatNumber, formatSigned, plural } from "./lib/format.js";
import { escapeMarkdown, fillCards } from "./observations.js";
import { percent } from "./lib/bins.js";

// The bins' wording lives in lib/bins.js (the <sweep-map> element uses it too); re-exported here.
export { binAnnouncement, binRange, binTooltipContent, percent } from "./lib/bins.js";

// ---------------------------------------------------------------------------------------------
// Header

/** True when the title or the provenance note calls the data synthetic. */
export function isSynthetic(title, source) {
  return /\bsynthetic\b/i.test(`${title ?? ""}\n${source ?? ""}`);
}

/** The header's facts line: "progress ratio per item · 4 models · 300 items · 3 benchmarks". */
export function pairwiseFacts(scores) {
  const models = scores.models();
  const groups = scores.groups();
  const parts = [`${scores.scoreName()} per item, from 0 to 1`, plural(models.length, "model"), plural(scores.itemCount(), "item")];
  if (groups.length > 0) parts.push(plural(groups.length, scores.groupName() || "group"));
  return parts.join(" · ");
}

// ---------------------------------------------------------------------------------------------
// Controls

/** Pairs among n models: every panel of a pairwise figure is one. */
function pairCount(models) {
  return (models * (models - 1)) / 2;
}

/**
 * The note under the model list while the default models are shown and the data have more:
 * "Comparing the first 5 of 40 models (10 of 780 pairs). Tick others to add them."; "" when the
 * default models are every model.
 */
export function defaultModelsNote(shown, total) {
  if (shown >= total) return "";
  const count = (number) => number.toLocaleString("en");
  return (
    `Comparing the first ${count(shown)} of ${count(total)} models ` +
    `(${count(pairCount(shown))} of ${count(pairCount(total))} pairs). Tick others to add them.`
  );
}

// ---------------------------------------------------------------------------------------------
// Numbers in words

/** A sign test p-value: "= 0.092", "< 0.001"; "–" for none. */
export function pValue(p) {
  if (typeof p !== "number" || !Number.isFinite(p)) return "–";
  return p < 0.001 ? "< 0.001" : `= ${formatNumber(p, 3)}`;
}

/** "model-a vs model-b", with " | web" when compared within one group (as the panels say). */
export function pairTitle(stat) {
  return `${stat.model_a} vs ${stat.model_b}${stat.group === null || stat.group === undefined ? "" : ` | ${stat.group}`}`;
}

/**
 * The statistics of one pair as [key, term, description] rows: shares ahead, tied and behind
 * (of the paired items), the mean paired difference, the sign test, and the items only one
 * model (or neither) scored.
 */
export function comparisonRows(stat) {
  const a = stat.model_a;
  const b = stat.model_b;
  const of = (count, share) => `${count} of ${stat.paired} (${percent(share)})`;
  const rows = [];
  if (stat.paired === 0) {
    rows.push(["paired", "Paired items", "none: no item was scored by both models"]);
  } else {
    rows.push(
      ["a_ahead", `${a} ahead`, of(stat.a_ahead, stat.shares.a_ahead)],
      ["tied", "Tied", of(stat.tied, stat.shares.tied)],
      ["b_ahead", `${b} ahead`, of(stat.b_ahead, stat.shares.b_ahead)],
      ["mean_difference", `Mean ${a} − ${b}`, stat.mean_difference === null ? "–" : formatSigned(stat.mean_difference, 3)],
      [
        "sign_test",
        "Sign test",
        stat.sign_test_p_value === null
          ? "– (every paired item is tied)"
          : `p ${pValue(stat.sign_test_p_value)} (${plural(stat.a_ahead + stat.b_ahead, "untied item")})`,
      ],
    );
  }
  const oneSided = stat.only_a + stat.only_b;
  rows.push([
    "one_model",
    "Scored by one model only",
    oneSided === 0 ? "none" : `${oneSided}: ${stat.only_a} by ${a}, ${stat.only_b} by ${b} (not compared)`,
  ]);
  if (stat.neither > 0) rows.push(["neither", "Scored by neither", String(stat.neither)]);
  return rows;
}

/** One sentence per pair, for the canvas' accessible description. */
export function comparisonSentence(stat) {
  const title = pairTitle(stat);
  if (stat.paired === 0) return `${title}: no item was scored by both models.`;
  const oneSided = stat.only_a + stat.only_b;
  return (
    `${title}: ${stat.model_a} ahead on ${percent(stat.shares.a_ahead)} of ${plural(stat.paired, "paired item")}, ` +
    `tied on ${percent(stat.shares.tied)}, ${stat.model_b} ahead on ${percent(stat.shares.b_ahead)}; ` +
    `mean ${stat.model_a} − ${stat.model_b} ${stat.mean_difference === null ? "–" : formatSigned(stat.mean_difference, 3)}; ` +
    `sign test p ${pValue(stat.sign_test_p_value)}; ${plural(oneSided, "item")} scored by one model only.`
  );
}

/** What every pair is compared over: one sentence above the cards. */
export function scopeSentence(stats) {
  const first = stats[0];
  if (!first) return "";
  const scope = first.group === null ? `the ${plural(first.items, "item")}` : `the ${plural(first.items, "item")} of ${first.group}`;
  return (
    `Each pair is compared over the items both models scored, of ${scope}: the shares are of those ` +
    "paired items, and the sign test leaves the ties out. The bins shape the histograms only."
  );
}

// ---------------------------------------------------------------------------------------------
// The summary area

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function comparisonCard(stat) {
  const card = element("article", "summary-card comparison-card");
  card.append(element("h3", null, pairTitle(stat)));
  const list = element("dl", "comparison-stats");
  for (const [key, term, description] of comparisonRows(stat)) {
    const dt = element("dt", null, term);
    const dd = element("dd", null, description);
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
  const stats = figure.comparisons();
  const box = element("section", "across-panels");
  box.append(element("h3", null, "How the pairs are compared"), element("p", "comparison-scope", scopeSentence(stats)));
  elements.overview.replaceChildren(...(stats.length > 0 ? [box] : []));
  elements.overview.hidden = stats.length === 0;
  fillCards(elements.panels, stats, comparisonCard, "pair");
  elements.mismatches.replaceChildren();
  elements.mismatches.hidden = true;
  elements.description.textContent = stats.length > 0 ? `Pairwise comparisons. ${stats.map(comparisonSentence).join(" ")}` : "";
}

/** The statistics of every pair as Markdown: the scope sentence and one table row per pair. */
export function comparisonsMarkdown(figure) {
  const stats = figure.comparisons();
  const row = (cells) => `| ${cells.map(escapeMarkdown).join(" | ")} |`;
  const lines = [
    "## Pairwise comparisons",
    "",
    escapeMarkdown(scopeSentence(stats)),
    "",
    row(["Pair (A vs B)", "Paired items", "A ahead", "Tied", "B ahead", "Mean A − B", "Sign test p", "Scored by one model only"]),
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...stats.map((stat) =>
      row([
        pairTitle(stat),
        String(stat.paired),
        percent(stat.shares.a_ahead),
        percent(stat.shares.tied),
        percent(stat.shares.b_ahead),
        stat.mean_difference === null ? "–" : formatSigned(stat.mean_difference, 3),
        pValue(stat.sign_test_p_value).replace(/^= /, ""),
        `${stat.only_a + stat.only_b} (${stat.only_a} A, ${stat.only_b} B)`,
      ]),
    ),
  ];
  return `${lines.join("\n")}\n`;
}
