// The key observations under the figure: the sentences the analysis supports, one card per panel
// and the "Across panels" ones first in a box of their own; for a difference, which model is
// ahead how often; for a reconciliation, a table of the cells whose reported value differs from
// the mean of their parts beyond rounding. The sentences come from the figure (observations()),
// never from this module; it only lays them out, with textContent, and adds the two tables of
// facts (who wins, mismatches) that the figure returns as numbers. The same content is offered
// as Markdown (observationsMarkdown() plus those tables) and as the canvas' accessible
// description.

import { decimalsOf, formatNumber, plural } from "./lib/format.js";

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Splits observations() into the panels' sections (in panel order) and the rest ("Across panels"). */
export function splitSections(figure) {
  const sections = figure.observations();
  const count = figure.panels().length;
  return { panels: sections.slice(0, count), across: sections.slice(count) };
}

/** Cards built at once; a summary of more panels offers a button that builds the rest. */
export const FIRST_CARDS = 48;
/** Cards built per slice once asked for, the page answering input between slices. */
const CARDS_PER_SLICE = 50;
/** The latest filling of each container, so that a newer one stops an older one's slices. */
const fillings = new WeakMap();

/**
 * Fills a container with one card per item: the first FIRST_CARDS at once, and a "Show the
 * other N" button for the rest, which builds them in slices that yield to the event loop (a
 * figure of 1,000 panels would otherwise block the page for many seconds). `noun` names an
 * item ("panel", "pair").
 */
export function fillCards(container, items, build, noun) {
  const filling = {};
  fillings.set(container, filling);
  container.replaceChildren(...items.slice(0, FIRST_CARDS).map(build));
  const rest = items.length - FIRST_CARDS;
  if (rest <= 0) return;
  const button = element("button", null, `Show the other ${plural(rest, noun)}`);
  button.type = "button";
  const row = element("div", "more-cards");
  row.append(button);
  container.append(row);
  button.addEventListener("click", async () => {
    button.disabled = true;
    for (let start = FIRST_CARDS; start < items.length; start += CARDS_PER_SLICE) {
      const cards = items.slice(start, start + CARDS_PER_SLICE).map(build);
      row.before(...cards);
      if (start === FIRST_CARDS && cards[0]) {
        // Focus moves to the first new card, as the button that had it goes away.
        cards[0].tabIndex = -1;
        cards[0].focus();
      }
      button.textContent = `Showing ${Math.min(start + CARDS_PER_SLICE, items.length)} of ${items.length}…`;
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (fillings.get(container) !== filling) return;
    }
    row.remove();
  });
}

function sentenceList(observations) {
  const list = element("ul", "observation-list");
  for (const observation of observations) {
    const item = element("li", null, observation.text);
    item.dataset.kind = observation.claim?.kind ?? "";
    list.append(item);
  }
  return list;
}

function panelCard(section) {
  const card = element("article", "summary-card");
  card.append(element("h3", null, section.title));
  if (section.observations.length === 0) {
    card.append(element("p", "hint", "No cell of this panel has a value."));
  } else {
    card.append(sentenceList(section.observations));
  }
  return card;
}

function acrossBox(section) {
  const box = element("section", "across-panels");
  const heading = element("h3", null, section.title);
  box.append(heading, sentenceList(section.observations));
  return box;
}

/** Who is ahead how often in a difference: [heading, lines]. */
export function differenceLines(difference, { modelA, modelB }) {
  const compared = difference.a_higher + difference.equal + difference.b_higher;
  const lines = [
    `${modelA} is higher in ${difference.a_higher} of ${plural(compared, "configuration")}.`,
    `${modelB} is higher in ${difference.b_higher}.`,
    `${difference.equal === 1 ? "1 configuration ties" : `${difference.equal} configurations tie`}.`,
  ];
  if (difference.only_in_a > 0 || difference.only_in_b > 0) {
    lines.push(
      `Measured for one model only: ${difference.only_in_a} for ${modelA}, ${difference.only_in_b} for ${modelB} (not compared).`,
    );
  }
  return { heading: `${modelA} against ${modelB}`, lines };
}

function differenceBox({ heading, lines }) {
  const box = element("section", "difference-overview");
  const list = element("ul", "wins");
  list.append(...lines.map((line) => element("li", null, line)));
  box.append(element("h3", null, heading), list);
  return box;
}

/** The decimals a panel's value labels are written with, read from one present cell. */
function panelDecimals(figure, panel) {
  const info = figure.panels()[panel];
  if (!info) return 1;
  for (let y = 0; y < info.rows; y += 1) {
    for (let x = 0; x < info.columns; x += 1) {
      const cell = figure.cellInfo(panel, x, y);
      if (cell && cell.value !== null) return decimalsOf(cell.value_label);
    }
  }
  return 1;
}

/** A value label of the figure ("−2.10") with a plus sign when it is above zero ("+1.30"). */
function signedLabel(info) {
  return info.value > 0 && /[1-9]/.test(info.value_label) ? `+${info.value_label}` : info.value_label;
}

/** The number a value label shows ("−2.10" -> -2.1). */
function labelNumber(label) {
  return Number(String(label).replace("−", "-"));
}

/**
 * The mismatches of a reconciliation, largest gap first, in the very labels of the figure's three
 * panels (reported, recomputed, difference): { xName, yName, tolerance, rows: [{ x, y, reported,
 * recomputed, difference }] } with every entry a string; null when nothing disagrees.
 */
export function mismatchRows(figure) {
  const result = figure.reconciliation();
  if (!result || result.mismatches.length === 0) return null;
  const rows = result.mismatches.map(({ position: { x, y } }) => {
    const [reported, recomputed, difference] = [0, 1, 2].map((panel) => figure.cellInfo(panel, x, y));
    return {
      x: reported.x_label,
      y: reported.y_label,
      reported: reported.value_label,
      recomputed: recomputed.value_label,
      difference: signedLabel(difference),
      xName: reported.x_name,
      yName: reported.y_name,
    };
  });
  // Largest gap first, as the gaps are shown (equal shown gaps keep the order of the cells).
  const gap = (row) => Math.abs(labelNumber(row.difference));
  const sorted = rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => gap(b.row) - gap(a.row) || a.index - b.index)
    .map(({ row }) => row);
  return {
    xName: sorted[0].xName,
    yName: sorted[0].yName,
    tolerance: formatNumber(result.tolerance, panelDecimals(figure, 1)),
    rows: sorted.map(({ x, y, reported, recomputed, difference }) => ({ x, y, reported, recomputed, difference })),
  };
}

function mismatchTitle(table) {
  return `Cells that differ beyond rounding (± ${table.tolerance}), largest gap first`;
}

function mismatchTable(table) {
  const node = element("table", "mismatch-table");
  node.append(element("caption", null, mismatchTitle(table)));
  const head = element("thead");
  const headRow = element("tr");
  for (const [text, numeric] of [
    [table.xName, false],
    [table.yName, false],
    ["Reported", true],
    ["Recomputed", true],
    ["Difference", true],
  ]) {
    const cell = element("th", numeric ? "numeric" : null, text);
    cell.scope = "col";
    headRow.append(cell);
  }
  head.append(headRow);
  const body = element("tbody");
  for (const row of table.rows) {
    const line = element("tr");
    line.append(
      element("td", null, row.x),
      element("td", null, row.y),
      element("td", "numeric", row.reported),
      element("td", "numeric", row.recomputed),
      element("td", "numeric", row.difference),
    );
    body.append(line);
  }
  node.append(head, body);
  return node;
}

/** Backslash-escapes the characters Markdown reads as markup (as the figure's Markdown does). */
export function escapeMarkdown(text) {
  return String(text).replace(/[\\`*_[\]<>#|]/g, (character) => `\\${character}`);
}

/**
 * The key observations as Markdown: the figure's own, then what the page adds in words (who is
 * ahead, for a difference) and the mismatch table of a reconciliation.
 */
export function observationsMarkdown(figure, context) {
  let markdown = figure.observationsMarkdown().trimEnd();
  const difference = context.layout === "difference" ? figure.differenceSummary() : undefined;
  if (difference) {
    const { heading, lines } = differenceLines(difference, context);
    markdown += `\n\n### ${escapeMarkdown(heading)}\n\n${lines.map((line) => `- ${escapeMarkdown(line)}`).join("\n")}`;
  }
  const table = context.layout === "reconcile" ? mismatchRows(figure) : null;
  if (table) {
    const row = (cells) => `| ${cells.map(escapeMarkdown).join(" | ")} |`;
    markdown += `\n\n### ${escapeMarkdown(mismatchTitle(table))}\n\n`;
    markdown += [
      row([table.xName, table.yName, "Reported", "Recomputed", "Difference"]),
      "| --- | --- | ---: | ---: | ---: |",
      ...table.rows.map((entry) => row([entry.x, entry.y, entry.reported, entry.recomputed, entry.difference])),
    ].join("\n");
  }
  return `${markdown.trim()}\n`;
}

/**
 * The canvas' accessible description: every panel's observations under its title, the ones
 * across panels first (the canvas' aria-label, written by the figure, already names each panel,
 * its peak and its colour range).
 */
export function observationsDescription(figure) {
  const { panels, across } = splitSections(figure);
  const parts = [...across, ...panels]
    .filter((section) => section.observations.length > 0)
    .map((section) => `${section.title}: ${section.observations.map((observation) => observation.text).join(" ")}`);
  return parts.length > 0 ? `Key observations. ${parts.join(" ")}` : "";
}

/**
 * Fills the observations section for a drawn figure.
 * elements: { overview, panels, mismatches, description }; context: { layout, modelA, modelB }.
 */
export function renderObservations(elements, figure, context) {
  const { panels, across } = splitSections(figure);
  elements.overview.replaceChildren();
  if (context.layout === "difference") {
    const difference = figure.differenceSummary();
    if (difference) elements.overview.append(differenceBox(differenceLines(difference, context)));
  }
  elements.overview.append(...across.filter((section) => section.observations.length > 0).map(acrossBox));
  elements.overview.hidden = elements.overview.childElementCount === 0;
  fillCards(elements.panels, panels, panelCard, "panel");

  const table = context.layout === "reconcile" ? mismatchRows(figure) : null;
  elements.mismatches.replaceChildren(...(table ? [mismatchTable(table)] : []));
  elements.mismatches.hidden = !table;

  elements.description.textContent = observationsDescription(figure);
}
