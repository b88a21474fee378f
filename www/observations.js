// The key observations under the figure: the sentences the analysis supports, one card per panel
// and the "Across panels" ones first in a box of their own; for a difference, which model is
// ahead how often; for a view of a run table, what it shows; for a reconciliation, a table of the cells whose reported value differs from
// the mean of their parts beyond rounding. Every word comes from the figure (keyObservations(),
// and observationsMarkdown() for the Markdown copy), never from this module: it only lays them
// out, with textContent, and sets the canvas' accessible description.

import { counted } from "./lib/sweepmap.js";

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
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
  const button = element("button", null, `Show the other ${counted(rest, noun)}`);
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
  card.append(element("h3", null, section.title), sentenceList(section.observations));
  return card;
}

function acrossBox(section) {
  const box = element("section", "across-panels");
  const heading = element("h3", null, section.title);
  box.append(heading, sentenceList(section.observations));
  return box;
}

function differenceBox({ heading, lines }) {
  const box = element("section", "difference-overview");
  const list = element("ul", "wins");
  list.append(...lines.map((line) => element("li", null, line)));
  box.append(element("h3", null, heading), list);
  return box;
}

function mismatchTable(table) {
  const node = element("table", "mismatch-table");
  node.append(element("caption", null, table.caption));
  const head = element("thead");
  const headRow = element("tr");
  for (const column of table.columns) {
    const cell = element("th", column.numeric ? "numeric" : null, column.name);
    cell.scope = "col";
    headRow.append(cell);
  }
  head.append(headRow);
  const body = element("tbody");
  for (const row of table.rows) {
    const line = element("tr");
    line.append(...row.cells.map((text, index) => element("td", table.columns[index]?.numeric ? "numeric" : null, text)));
    body.append(line);
  }
  node.append(head, body);
  return node;
}

/**
 * Fills the observations section for a drawn figure.
 * elements: { overview, panels, mismatches, description }.
 */
export function renderObservations(elements, figure) {
  const shown = figure.keyObservations();
  // A view of a run table says first what it shows (fixed values, best over, bins).
  const shows = shown.shows ? [element("p", "shows-line", `Shown: ${shown.shows}.`)] : [];
  // Under a slice: the observations are the heatmap's, and say so (the core's sentence).
  if (shown.scope) shows.unshift(element("p", "shows-line", shown.scope));
  elements.overview.replaceChildren(...shows, ...(shown.difference ? [differenceBox(shown.difference)] : []));
  elements.overview.append(...shown.across.filter((section) => section.observations.length > 0).map(acrossBox));
  elements.overview.hidden = elements.overview.childElementCount === 0;
  fillCards(elements.panels, shown.panels, panelCard, "panel");

  const table = shown.mismatches;
  elements.mismatches.replaceChildren(...(table ? [mismatchTable(table)] : []));
  elements.mismatches.hidden = !table;

  elements.description.textContent = shown.description;
}
