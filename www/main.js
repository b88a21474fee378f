// The sweepmap page: pick a bundled dataset and see what it holds.
//
// All parsing happens in wasm (./pkg/sweepmap.js); this module only fetches text, keeps the
// dataset choice in the page address (?dataset=<id>), and writes results into the DOM with
// textContent, never innerHTML, since every label comes from data. A failure shows in the
// error banner and leaves what was shown before in place.

import init, { loadCsv, loadJson } from "./pkg/sweepmap.js";

const elements = {
  select: document.getElementById("dataset-select"),
  banner: document.getElementById("error-banner"),
  view: document.getElementById("dataset-view"),
};

const state = {
  /** Entries of data/index.json: { id, file, title }. */
  catalog: [],
  /** The id of the dataset shown, and its wasm handle. */
  shownId: null,
  dataset: null,
  /** Counts loads, so that a slow load finishing after a newer one is ignored. */
  generation: 0,
};

function showError(message) {
  elements.banner.textContent = message;
  elements.banner.hidden = false;
}

function clearError() {
  elements.banner.textContent = "";
  elements.banner.hidden = true;
}

/** The message of anything thrown: wasm errors arrive as real Error objects. */
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Fetches a file of the site, given relative to the page, as text. */
async function fetchText(path) {
  let response;
  try {
    response = await fetch(new URL(path, window.location.href));
  } catch (error) {
    throw new Error(`could not fetch ${path}: ${messageOf(error)}`);
  }
  if (!response.ok) {
    throw new Error(`could not fetch ${path}: the server answered ${response.status} ${response.statusText}`.trim());
  }
  return response.text();
}

/** Reads data/index.json and checks its shape: [{ id, file, title }]. */
async function loadCatalog() {
  const text = await fetchText("data/index.json");
  let entries;
  try {
    entries = JSON.parse(text);
  } catch (error) {
    throw new Error(`data/index.json is not valid JSON: ${messageOf(error)}`);
  }
  const valid =
    Array.isArray(entries) &&
    entries.length > 0 &&
    entries.every(
      (entry) =>
        entry && typeof entry.id === "string" && entry.id !== "" && typeof entry.file === "string" && entry.file !== "",
    );
  if (!valid) {
    throw new Error('data/index.json must be a non-empty list of { "id", "file", "title" } entries');
  }
  return entries.map((entry) => ({
    id: entry.id,
    file: entry.file,
    title: typeof entry.title === "string" && entry.title !== "" ? entry.title : entry.id,
  }));
}

function fillSelect(catalog) {
  elements.select.replaceChildren(
    ...catalog.map((entry) => {
      const option = element("option", null, entry.title);
      option.value = entry.id;
      return option;
    }),
  );
  elements.select.disabled = false;
}

function requestedId() {
  return new URL(window.location.href).searchParams.get("dataset");
}

function setAddress(id, { replace = false } = {}) {
  const url = new URL(window.location.href);
  if (url.searchParams.get("dataset") === id) return;
  url.searchParams.set("dataset", id);
  if (replace) {
    window.history.replaceState(null, "", url);
  } else {
    window.history.pushState(null, "", url);
  }
}

/** Fetches and parses one catalog entry; throws an Error with a plain message. */
async function readDataset(entry) {
  const text = await fetchText(`data/${entry.file}`);
  try {
    return entry.file.toLowerCase().endsWith(".csv") ? loadCsv(text) : loadJson(text);
  } catch (error) {
    throw new Error(`could not read ${entry.file}: ${messageOf(error)}`);
  }
}

function describeAxis(axis) {
  const count = axis.labels.length;
  return `${axis.name}: ${axis.labels.join(", ")} (${count} ${count === 1 ? "value" : "values"})`;
}

function describeMetric(metric) {
  const unit = metric.unit ? ` (${metric.unit})` : "";
  return `${metric.name}${unit}, ${metric.direction} is better`;
}

function render(entry, dataset) {
  const heading = element("h2", "dataset-title", dataset.title() ?? entry.title);

  const facts = element("dl", "facts");
  const addFact = (term, description) => {
    facts.append(element("dt", null, term), element("dd", null, description));
  };
  addFact("Metric", describeMetric(dataset.metric()));
  addFact("x axis", describeAxis(dataset.xAxis()));
  addFact("y axis", describeAxis(dataset.yAxis()));

  const panels = dataset.panels();
  const table = element("table", "panels");
  table.id = "panels";
  table.append(element("caption", null, `Panels (${panels.length})`));
  const head = element("thead");
  const headRow = element("tr");
  for (const label of ["Panel", "Cells present", "Cells missing"]) {
    const cell = element("th", null, label);
    cell.scope = "col";
    headRow.append(cell);
  }
  head.append(headRow);
  const body = element("tbody");
  for (const panel of panels) {
    const row = element("tr");
    const name = element("th", "panel-name", panel.title);
    name.scope = "row";
    row.append(name, element("td", "count", String(panel.present)), element("td", "count", String(panel.missing)));
    if (panel.missing > 0) row.classList.add("has-missing");
    body.append(row);
  }
  table.append(head, body);

  const parts = [heading, facts, table];
  const source = dataset.source();
  if (source) {
    const note = element("section", "source");
    note.append(element("h3", null, "Source"), element("p", null, source));
    parts.push(note);
  }
  elements.view.replaceChildren(...parts);
  elements.view.setAttribute("aria-busy", "false");
}

/**
 * Shows the catalog entry with this id. On failure the previous dataset stays shown, the
 * select goes back to it, and the error banner says what went wrong.
 */
async function openDataset(id, { pushAddress = true, keepError = false } = {}) {
  const entry = state.catalog.find((candidate) => candidate.id === id);
  if (!entry) {
    throw new Error(`unknown dataset "${id}"`);
  }
  const generation = ++state.generation;
  let dataset;
  try {
    dataset = await readDataset(entry);
  } catch (error) {
    if (generation !== state.generation) return;
    showError(`Could not open the dataset "${entry.title}": ${messageOf(error)}`);
    elements.select.value = state.shownId ?? "";
    return;
  }
  if (generation !== state.generation) {
    dataset.free();
    return;
  }
  try {
    render(entry, dataset);
  } catch (error) {
    dataset.free();
    showError(`Could not show the dataset "${entry.title}": ${messageOf(error)}`);
    elements.select.value = state.shownId ?? "";
    return;
  }
  state.dataset?.free();
  state.dataset = dataset;
  state.shownId = entry.id;
  elements.select.value = entry.id;
  if (pushAddress) setAddress(entry.id);
  if (!keepError) clearError();
}

/** Opens what the address asks for; an unknown id falls back to the first dataset. */
async function openFromAddress() {
  const wanted = requestedId();
  const known = wanted !== null && state.catalog.some((entry) => entry.id === wanted);
  if (wanted === null || known) {
    await openDataset(wanted ?? state.catalog[0].id, { pushAddress: false });
    return;
  }
  const fallback = state.catalog[0];
  const available = state.catalog.map((entry) => `"${entry.id}"`).join(", ");
  showError(
    `There is no bundled dataset "${wanted}" (available: ${available}); showing "${fallback.title}" instead.`,
  );
  await openDataset(fallback.id, { pushAddress: false, keepError: true });
  setAddress(fallback.id, { replace: true });
}

async function main() {
  try {
    await init();
  } catch (error) {
    elements.view.replaceChildren();
    showError(`Could not start sweepmap: the WebAssembly package did not load (${messageOf(error)}).`);
    return;
  }
  try {
    state.catalog = await loadCatalog();
  } catch (error) {
    elements.view.replaceChildren();
    showError(`Could not list the bundled datasets: ${messageOf(error)}`);
    return;
  }
  fillSelect(state.catalog);
  elements.select.addEventListener("change", () => openDataset(elements.select.value));
  window.addEventListener("popstate", () => openFromAddress());
  await openFromAddress();
}

main();
