// What the explorer's controls do: each control's change becomes a view change (view.js), other
// data (open.js, files.js), a copy (copy.js) or an export (export.js).

import { onSchemeChange } from "./lib/theme.js";
import { exportCsv, exportPage, exportPdf, exportPng, exportSvg, exportSvgTextAsPaths } from "./export.js";
import { app, elements, messageOf, setShareStatus, showError, showNotices } from "./app.js";
import { addressOf } from "./address.js";
import { copyLatex, copyLink, copyMarkdown } from "./copy.js";
import { openFiles } from "./files.js";
import { openSource } from "./open.js";
import { changeView } from "./view.js";
import { bundledSource, defaultView, levelToOffer, parseLevel, resolveView } from "./state.js";

function readNumber(input, name) {
  const text = input.value.trim();
  const value = text === "" ? NaN : Number(text);
  if (!Number.isFinite(value)) throw new Error(`The colour range ${name} must be a number${text ? `, not "${text}"` : ""}.`);
  return value;
}

export function wireControls() {
  elements.controls.addEventListener("submit", (event) => event.preventDefault());
  // On narrow screens the figure comes first and the controls open from this button.
  elements.controlsToggle.addEventListener("click", () => {
    const open = elements.controls.classList.toggle("open");
    elements.controlsToggle.setAttribute("aria-expanded", String(open));
  });
  elements.dataset.addEventListener("change", () => {
    const id = elements.dataset.value;
    if (id === "current") return;
    openSource(bundledSource(id));
  });
  elements.file.addEventListener("change", () => {
    const files = [...(elements.file.files ?? [])];
    if (files.length > 0) openFiles(files).finally(() => (elements.file.value = ""));
  });
  elements.layout.addEventListener("change", () => changeView({ layout: elements.layout.value }));
  elements.model.addEventListener("change", () => {
    const value = elements.model.value;
    const resolved = resolveView(app.state, app.shown.names);
    const change = { model: value };
    // Choosing model B as model A swaps the two.
    if (value === resolved.modelB) change.modelB = resolved.model;
    changeView(change);
  });
  elements.modelB.addEventListener("change", () => changeView({ modelB: elements.modelB.value }));
  elements.benchmark.addEventListener("change", () => changeView({ benchmark: elements.benchmark.value }));
  elements.colorMap.addEventListener("change", () => changeView({ colorMap: elements.colorMap.value }));
  elements.reverse.addEventListener("change", () => changeView({ reversed: elements.reverse.checked }));
  elements.theme.addEventListener("change", () => changeView({ theme: elements.theme.value }));
  // An "auto" figure is drawn again in the reader's new scheme (the core asks it when drawing).
  onSchemeChange(() => {
    if (app.figure && app.state?.theme === "auto") app.figure.update({});
  });
  elements.range.addEventListener("change", () => {
    const range = elements.range.value;
    const change = { range };
    if (range === "fixed" && (app.state.min === null || app.state.max === null)) Object.assign(change, app.figure.fixedRangeStart());
    changeView(change);
  });
  const changeBounds = () => {
    let min;
    let max;
    try {
      min = readNumber(elements.min, "minimum");
      max = readNumber(elements.max, "maximum");
    } catch (error) {
      showError(messageOf(error));
      return;
    }
    // The core refuses bounds that are not below one another, and says so.
    changeView({ min, max });
  };
  elements.min.addEventListener("change", changeBounds);
  elements.max.addEventListener("change", changeBounds);
  elements.center.addEventListener("change", () => {
    try {
      changeView({ center: readNumber(elements.center, "centre") });
    } catch (error) {
      showError(messageOf(error));
    }
  });
  elements.annotate.addEventListener("change", () => changeView({ annotate: elements.annotate.checked }));
  elements.modelsList.addEventListener("change", (event) => {
    const input = /** @type {HTMLInputElement} */ (event.target);
    const chosen = [.../** @type {NodeListOf<HTMLInputElement>} */ (elements.modelsList.querySelectorAll("input:checked"))].map((item) => item.value);
    // Every pair needs two models (the core's rule and words): the box stays checked and the
    // note says why. The models list is shown for per-item scores only: the pairwise package's.
    const note = /** @type {typeof import("./pkg/pairwise/sweepmap.js")} */ (app.shown.api).modelsChoiceNote(chosen.length);
    if (note) {
      input.checked = true;
      elements.modelsNote.textContent = note;
      return;
    }
    elements.modelsNote.textContent = "";
    changeView({ models: chosen });
  });
  elements.group.addEventListener("change", () => changeView({ group: elements.group.value === "" ? null : elements.group.value }));
  elements.bins.addEventListener("change", () => changeView({ bins: Number(elements.bins.value) }));
  elements.by.addEventListener("change", () => {
    // Counts and shares are on different scales: fixed bounds made for one do not fit the other.
    const change = { value: elements.by.value };
    if (app.state.range === "fixed") Object.assign(change, { range: defaultView("pairwise").range, min: null, max: null });
    changeView(change);
  });
  elements.log.addEventListener("change", () => changeView({ logarithmic: elements.log.checked }));
  elements.scale.addEventListener("change", () => changeView({ colorScale: elements.scale.value }));
  elements.order.addEventListener("change", () => changeView({ order: elements.order.value }));
  elements.marginals.addEventListener("change", () => changeView({ marginals: elements.marginals.value }));
  elements.chart.addEventListener("change", () => {
    const [chart, along] = elements.chart.value.split(":");
    changeView(chart === "slice" ? { chart, along } : { chart });
  });
  elements.across.addEventListener("change", () => changeView({ across: elements.across.value }));
  elements.decimals.addEventListener("change", () => {
    const value = elements.decimals.value;
    changeView({ decimals: value === "auto" ? null : Number(value) });
  });
  elements.uncertainty.addEventListener("change", () =>
    // Off is 0, not null: null is the default, which marks data that carry a noise estimate.
    changeView({ uncertainty: elements.uncertainty.checked ? (parseLevel(elements.level.value) ?? levelToOffer(app.lastLevel)) : 0 }),
  );
  elements.level.addEventListener("change", () => {
    const level = parseLevel(elements.level.value);
    if (level === null) return;
    app.lastLevel = level;
    changeView({ uncertainty: level });
  });
  elements.copyMarkdown.addEventListener("click", () => copyMarkdown());
  elements.copyLatex.addEventListener("click", () => copyLatex());
  elements.noticeDismiss.addEventListener("click", () => showNotices([]));
  elements.copyLink.addEventListener("click", () => copyLink());
  const exporter = (button, run, what, extension = what.toLowerCase()) =>
    button.addEventListener("click", async () => {
      if (!app.figure) return;
      const figure = app.figure;
      try {
        // A PNG export says when the figure was too large to export at the resolution asked; a
        // PDF or outlined SVG which characters its font lacks.
        const note = await run(figure);
        setShareStatus(`${what} saved as ${figure.fileStem()}.${extension}${note ? ` ${note}` : ""}.`);
      } catch (error) {
        showError(`Could not export the ${what}: ${messageOf(error)}`);
      }
    });
  exporter(elements.exportPng, exportPng, "PNG");
  exporter(elements.exportSvg, exportSvg, "SVG");
  exporter(elements.exportPdf, exportPdf, "PDF");
  exporter(elements.exportSvgPaths, exportSvgTextAsPaths, "SVG with text as paths", "paths.svg");
  exporter(elements.exportCsv, exportCsv, "CSV");
  elements.exportPage.addEventListener("click", async () => {
    if (!app.figure) return;
    try {
      // The view as the address writes it, without a source: the page holds the data itself.
      const view = addressOf({ ...app.state, source: { kind: "bundled", id: null } }).hash.slice(1);
      setShareStatus(`Page saved as ${await exportPage(app.shown, view, app.catalog)}.`);
    } catch (error) {
      showError(`Could not save the page: ${messageOf(error)}`);
    }
  });
}
