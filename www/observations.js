// The key observations under the figure: the sentences the analysis supports, one card per panel
// and the "Across panels" ones first in a box of their own; for a difference, which model is
// ahead how often; for a reconciliation, a table of the cells whose reported value differs from
// the mean of their parts beyond rounding. Every word comes from the figure (keyObservations(),
// and observationsMarkdown() for the Markdown copy), never from this module: it only lays them
// out, with textContent, and sets the canvas' accessible description.

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
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
  elements.overview.replaceChildren(...(shown.difference ? [differenceBox(shown.difference)] : []));
  elements.overview.append(...shown.across.filter((section) => section.observations.length > 0).map(acrossBox));
  elements.overview.hidden = elements.overview.childElementCount === 0;
  elements.panels.replaceChildren(...shown.panels.map(panelCard));

  const table = shown.mismatches;
  elements.mismatches.replaceChildren(...(table ? [mismatchTable(table)] : []));
  elements.mismatches.hidden = !table;

  elements.description.textContent = shown.description;
}
