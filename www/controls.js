// The explorer's controls: the lists filled for new data (dataset, models, benchmarks, layouts,
// groups) and every control set from the shown state, showing only those the kind of data and
// the layout use. What each layout uses, the defaults and the names resolved come from the core
// (state.js over linkSchema, resolveView); the checkboxes of flag settings are made from the
// core's setting list. Labels from data are shown as displayLabel says, never as HTML.

import { displayLabel, displayNote, sourceLabel, viewChoices } from "./lib/sweepmap.js";
import { darkStyleMedia } from "./lib/theme.js";
import { app, elements } from "./app.js";
import { changeView } from "./view.js";
import { defaultView, kindOf, levelToOffer, linkSchema, pairwiseModels, resolveView, usedBy } from "./state.js";

/** The layout select's "Reported vs recomputed", offered only for data with a reported aggregate. */
const reconcileOption = /** @type {HTMLOptionElement} */ (elements.layout.querySelector('option[value="reconcile"]'));

/** The colour range "Centred", offered for sweeps only (counts have no centre). */
const centeredOption = /** @type {HTMLOptionElement} */ (elements.range.querySelector('option[value="centered"]'));

/** An option of a select; its text may come from the data, so it is shown as displayLabel says. */
export function option(value, text) {
  const node = document.createElement("option");
  node.value = value;
  node.text = displayLabel(text);
  return node;
}

/**
 * Shows a text from the data in an element, as the core's display rule cuts and isolates it
 * (displayLabel); when it was cut, the element's tooltip holds more of it (displayNote).
 */
export function showLabel(element, text) {
  const shown = displayLabel(text);
  const more = displayNote(text);
  element.textContent = shown;
  if (more !== shown) {
    element.title = more;
  } else {
    element.removeAttribute("title");
  }
}

/** "benchmark" -> "Benchmark": a data name as a label. */
function capitalized(text) {
  return text ? `${text[0].toUpperCase()}${text.slice(1)}` : text;
}

/** Fills the controls of per-item scores for new data: a checkbox per model, the groups. */
function fillPairwiseControls(scores, { models, groups }) {
  elements.modelsList.replaceChildren(
    ...models.map((name, index) => {
      const item = document.createElement("span");
      item.className = "check";
      const input = document.createElement("input");
      input.type = "checkbox";
      input.id = `models-${index}`;
      input.name = "models";
      input.value = name;
      const label = document.createElement("label");
      label.htmlFor = input.id;
      showLabel(label, name);
      item.append(input, label);
      return item;
    }),
  );
  elements.modelsNote.textContent = "";
  const groupName = scores.groupName() || "group";
  elements.groupLabel.textContent = displayLabel(capitalized(groupName));
  elements.group.replaceChildren(option("", scores.allGroupsLabel()), ...groups.map((name) => option(name, name)));
}

/** Fills the model list and the layouts the data can show, for new data. */
export function fillNameControls(loaded) {
  if (loaded.kind === "pairwise") {
    fillPairwiseControls(loaded.dataset, loaded.names);
    return;
  }
  elements.modelsList.replaceChildren();
  elements.group.replaceChildren();
  const { models, aggregates } = loaded.names;
  elements.model.replaceChildren(...models.map((name) => option(name, name)));
  // A difference needs a model B: its label says so where the data have none (the core's).
  const difference = [...elements.layout.options].find((item) => item.value === "difference");
  difference.disabled = resolveView(defaultView(), loaded.names).modelB === null;
  difference.text = viewChoices(defaultView(), loaded.names).differenceLabel;
  // Reconciliation needs a reported aggregate: without one the layout is not offered at all.
  if (aggregates.length > 0) {
    if (!reconcileOption.isConnected) elements.layout.append(reconcileOption);
  } else {
    reconcileOption.remove();
  }
}

/**
 * The benchmark list the core offers for the layout ([value, text]: every benchmark and their
 * mean, or for a reconciliation the reported aggregates only). Rebuilt only when it changes, so a
 * focused list keeps its place.
 */
function fillBenchmarkSelect(items) {
  const current = [...elements.benchmark.options].map((item) => [item.value, item.text]);
  if (JSON.stringify(current) === JSON.stringify(items.map(([value, text]) => [value, displayLabel(text)]))) return;
  elements.benchmark.replaceChildren(...items.map(([value, text]) => option(value, text)));
}

/** The dataset list: the bundled datasets, and the open file or URL when that is what is shown. */
export function fillDatasetSelect() {
  const items = app.catalog.map((entry) => option(entry.id, entry.title));
  const source = app.shown?.source;
  if (source && source.kind !== "bundled") {
    // "URL: …", "File: …" or "Data carried by the link", as the core calls them.
    items.push(option("current", sourceLabel(source.kind === "url" ? source.url : undefined, source.name || undefined)));
  }
  elements.dataset.replaceChildren(...items);
  elements.dataset.value = source ? (source.kind === "bundled" ? source.id : "current") : app.catalog[0]?.id ?? "";
  elements.dataset.disabled = false;
}

/** Shows the controls of one kind of data and hides the other kind's. */
function showKindControls(kind) {
  const pairwise = kind === "pairwise";
  for (const field of [elements.layoutField, elements.uncertaintyGroup, elements.centerField, elements.scaleField, elements.orderField, elements.marginalsField, elements.chartField, elements.acrossField]) field.hidden = pairwise;
  for (const field of [elements.modelsField, elements.binsField, elements.byField, elements.logField]) field.hidden = !pairwise;
  centeredOption.hidden = pairwise;
  centeredOption.disabled = pairwise;
}

/** Sets the colour and label controls both kinds share. */
function syncSharedControls(state) {
  elements.colorMap.value = state.colorMap;
  elements.reverse.checked = state.reversed;
  elements.range.value = state.range;
  elements.minField.hidden = state.range !== "fixed";
  elements.maxField.hidden = state.range !== "fixed";
  elements.min.value = state.min ?? "";
  elements.max.value = state.max ?? "";
  elements.annotate.checked = state.annotate;
  elements.decimals.value = state.decimals === null ? "auto" : String(state.decimals);
  elements.theme.value = state.theme;
  // The page takes the scheme of its figure's theme.
  elements.darkStyle.media = darkStyleMedia(state.theme);
  syncSettingControls(state);
}

/** The checkboxes made for flag settings the core declares with a control label, by state key. */
const settingInputs = new Map();

/**
 * Sets the controls the page makes itself from the core's view settings (linkSchema().settings,
 * those with a control label): a checkbox per flag, made on first use, shown for the kind of
 * data that has the setting.
 */
function syncSettingControls(state) {
  const kind = kindOf(state);
  let shown = false;
  for (const setting of linkSchema().settings) {
    if (setting.kind !== "flag" || setting.control === null || setting.state === null) continue;
    let input = settingInputs.get(setting.state);
    if (!input) {
      input = document.createElement("input");
      input.type = "checkbox";
      input.id = `setting-${setting.state}`;
      input.name = setting.state;
      input.addEventListener("change", () => changeView({ [setting.state]: input.checked }));
      const label = document.createElement("label");
      label.htmlFor = input.id;
      label.textContent = setting.control;
      const field = document.createElement("div");
      field.className = "field field-check";
      field.append(input, label);
      elements.settingControls.append(field);
      settingInputs.set(setting.state, input);
    }
    input.parentElement.hidden = !setting[kind];
    input.checked = Boolean(state[setting.state]);
    shown ||= setting[kind];
  }
  // Hidden while empty, so that it takes no room in the layout.
  elements.settingControls.hidden = !shown;
}

/** Sets the controls of per-item scores from the shown state. */
function syncPairwiseControls(state) {
  showKindControls("pairwise");
  for (const field of [elements.modelField, elements.modelBField, elements.benchmarkField]) field.hidden = true;
  const chosen = pairwiseModels(state, app.shown.names);
  for (const input of elements.modelsList.querySelectorAll("input")) input.checked = chosen.includes(input.value);
  // With no models chosen, the data's first ones are compared: say so when there are more.
  elements.modelsNote.textContent = app.figure.modelsNote();
  elements.groupField.hidden = app.shown.names.groups.length === 0;
  elements.group.value = state.group ?? "";
  elements.bins.value = String(state.bins);
  elements.by.value = state.value;
  elements.log.checked = state.logarithmic;
  syncSharedControls(state);
}

/** Sets every control from the shown state, and shows only the controls its layout uses. */
export function syncControls() {
  const state = app.state;
  if (kindOf(state) === "pairwise") {
    syncPairwiseControls(state);
  } else {
    syncSweepControls(state);
  }
  // A slice draws lines in its series' colours: the colour map, its scale and range, and the
  // cells' annotations do nothing there, so the fields marked heatmap-only are not shown
  // (style.css).
  elements.controls.classList.toggle("chart-slice", kindOf(state) !== "pairwise" && state.chart === "slice");
  // No heading over nothing: the View group goes when every field in it is hidden.
  elements.viewGroup.hidden = [.../** @type {NodeListOf<HTMLElement>} */ (elements.viewGroup.querySelectorAll(".field"))].every((field) => field.hidden);
}

/** The sweep half of syncControls. */
function syncSweepControls(state) {
  showKindControls("sweep");
  // The hidden controls of pairwise comparisons hold their defaults, whatever was shown before.
  elements.groupField.hidden = true;
  const pairwiseDefaults = defaultView("pairwise");
  elements.bins.value = String(pairwiseDefaults.bins);
  elements.by.value = pairwiseDefaults.value;
  elements.log.checked = pairwiseDefaults.logarithmic;
  const { models } = app.shown.names;
  const resolved = resolveView(state, app.shown.names);
  // What the data offer for this layout: a control with nothing to choose is not shown (a file
  // without a model column has one model; one model and one benchmark, nor a reported
  // aggregate, make every layout the same panel; Order needs several panels of one kind).
  const offered = viewChoices(state, app.shown.names);
  const used = usedBy(state.layout);

  elements.layout.value = state.layout;
  elements.layoutField.hidden = !offered.layouts;
  elements.modelField.hidden = !used.model || !offered.models;
  elements.modelLabel.textContent = offered.modelLabel;
  elements.model.value = resolved.model;
  elements.modelBField.hidden = !used.modelB;
  elements.modelB.replaceChildren(...models.filter((name) => name !== resolved.model).map((name) => option(name, name)));
  if (resolved.modelB !== null) elements.modelB.value = resolved.modelB;
  elements.benchmarkField.hidden = !used.benchmark;
  fillBenchmarkSelect(offered.benchmarks);
  if (resolved.benchmark !== null) elements.benchmark.value = resolved.benchmark;
  elements.orderField.hidden = !used.order || !offered.order;
  elements.order.value = state.order;
  // Strips are drawn beside panels of values (the layouts that have an order); a difference or
  // a reconciliation has none, so the control would do nothing there.
  elements.marginalsField.hidden = !used.order || state.chart === "slice";
  elements.marginals.value = state.marginals;
  // The chart: the heatmap, or a slice along x or y (the select holds both settings at once).
  elements.chart.value = state.chart === "slice" ? `slice:${state.along}` : "heatmap";
  elements.acrossField.hidden = state.chart !== "slice";
  elements.across.value = state.across;

  syncSharedControls(state);
  elements.scale.value = state.colorScale;
  elements.centerField.hidden = state.range !== "centered";
  elements.center.value = String(state.center);

  elements.uncertaintyGroup.hidden = !used.uncertainty;
  elements.uncertaintyLabel.textContent = offered.uncertaintyLabel;
  // The level the figure marks at, as the core resolved it: the view's, or by default the core's
  // level when the data carry a noise estimate (null: no marks).
  const marks = app.figure.options().uncertainty ?? null;
  elements.uncertainty.checked = marks !== null;
  // A slice marks no cells: it draws every point's band, at the level chosen (the core's default
  // level while the marks are off, as the core draws it; the note under the level says which).
  const slice = state.chart === "slice";
  elements.uncertaintyField.hidden = slice;
  elements.levelField.hidden = marks === null && !slice;
  elements.level.value = String(marks ?? levelToOffer(slice ? null : app.lastLevel));

}
