// The explorer's shared state (main.js and the modules split from it): its elements, what it
// shows (app), and the messages it writes in the error and notice banners and the status lines.


export const byId = (id) => document.getElementById(id);

export const elements = {
  title: byId("dataset-title"),
  syntheticTag: byId("synthetic-tag"),
  facts: byId("dataset-facts"),
  sourceBox: /** @type {HTMLDetailsElement} */ (byId("dataset-source")),
  sourceText: byId("dataset-source-text"),
  controls: byId("controls"),
  controlsToggle: /** @type {HTMLButtonElement} */ (byId("controls-toggle")),
  dataset: /** @type {HTMLSelectElement} */ (byId("dataset-select")),
  file: /** @type {HTMLInputElement} */ (byId("file-input")),
  viewGroup: /** @type {HTMLFieldSetElement} */ (byId("group-view")),
  layoutField: byId("field-layout"),
  layout: /** @type {HTMLSelectElement} */ (byId("layout-select")),
  modelField: byId("field-model"),
  modelLabel: byId("model-label"),
  model: /** @type {HTMLSelectElement} */ (byId("model-select")),
  modelBField: byId("field-model-b"),
  modelB: /** @type {HTMLSelectElement} */ (byId("model-b-select")),
  benchmarkField: byId("field-benchmark"),
  benchmark: /** @type {HTMLSelectElement} */ (byId("benchmark-select")),
  modelsField: byId("field-models"),
  modelsList: byId("models-list"),
  modelsNote: byId("models-note"),
  groupField: byId("field-group"),
  groupLabel: byId("group-label"),
  group: /** @type {HTMLSelectElement} */ (byId("group-select")),
  binsField: byId("field-bins"),
  bins: /** @type {HTMLSelectElement} */ (byId("bins-select")),
  byField: byId("field-by"),
  by: /** @type {HTMLSelectElement} */ (byId("by-select")),
  logField: byId("field-log"),
  log: /** @type {HTMLInputElement} */ (byId("log-input")),
  scaleField: byId("field-scale"),
  orderField: byId("field-order"),
  order: /** @type {HTMLSelectElement} */ (byId("order-select")),
  marginalsField: byId("field-marginals"),
  marginals: /** @type {HTMLSelectElement} */ (byId("marginals-select")),
  chartField: byId("field-chart"),
  chart: /** @type {HTMLSelectElement} */ (byId("chart-select")),
  acrossField: byId("field-across"),
  across: /** @type {HTMLSelectElement} */ (byId("across-select")),
  scale: /** @type {HTMLSelectElement} */ (byId("scale-select")),
  colorMap: /** @type {HTMLSelectElement} */ (byId("cmap-select")),
  reverse: /** @type {HTMLInputElement} */ (byId("reverse-input")),
  range: /** @type {HTMLSelectElement} */ (byId("range-select")),
  minField: byId("field-min"),
  min: /** @type {HTMLInputElement} */ (byId("min-input")),
  maxField: byId("field-max"),
  max: /** @type {HTMLInputElement} */ (byId("max-input")),
  centerField: byId("field-center"),
  center: /** @type {HTMLInputElement} */ (byId("center-input")),
  colourNote: byId("colour-note"),
  annotate: /** @type {HTMLInputElement} */ (byId("annotate-input")),
  theme: /** @type {HTMLSelectElement} */ (byId("theme-select")),
  darkStyle: /** @type {HTMLLinkElement} */ (byId("dark-style")),
  settingControls: byId("setting-controls"),
  decimals: /** @type {HTMLSelectElement} */ (byId("decimals-select")),
  uncertainty: /** @type {HTMLInputElement} */ (byId("uncertainty-input")),
  uncertaintyField: byId("field-uncertainty"),
  uncertaintyLabel: byId("uncertainty-label"),
  levelField: byId("field-level"),
  level: /** @type {HTMLSelectElement} */ (byId("level-select")),
  uncertaintyNote: byId("uncertainty-note"),
  uncertaintyGroup: /** @type {HTMLFieldSetElement} */ (byId("group-uncertainty")),
  copyLink: /** @type {HTMLButtonElement} */ (byId("copy-link")),
  exportPng: /** @type {HTMLButtonElement} */ (byId("export-png")),
  exportSvg: /** @type {HTMLButtonElement} */ (byId("export-svg")),
  exportPdf: /** @type {HTMLButtonElement} */ (byId("export-pdf")),
  exportSvgPaths: /** @type {HTMLButtonElement} */ (byId("export-svg-paths")),
  exportCsv: /** @type {HTMLButtonElement} */ (byId("export-csv")),
  exportPage: /** @type {HTMLButtonElement} */ (byId("export-page")),
  linkFallback: byId("link-fallback"),
  linkOutput: /** @type {HTMLInputElement} */ (byId("link-output")),
  shareStatus: byId("share-status"),
  errorBanner: byId("error-banner"),
  noticeBanner: byId("notice-banner"),
  noticeList: byId("notice-list"),
  noticeDismiss: /** @type {HTMLButtonElement} */ (byId("notice-dismiss")),
  figureArea: byId("figure-area"),
  loadProgress: byId("load-progress"),
  loadProgressBar: /** @type {HTMLProgressElement} */ (byId("load-progress-bar")),
  loadProgressText: byId("load-progress-text"),
  loadCancel: /** @type {HTMLButtonElement} */ (byId("load-cancel")),
  frame: byId("figure-frame"),
  canvas: /** @type {HTMLCanvasElement} */ (byId("figure-canvas")),
  outline: byId("cell-outline"),
  tooltip: byId("tooltip"),
  announcer: byId("cell-announcer"),
  figureObservations: byId("figure-observations"),
  figureHelp: byId("figure-help"),
  canvasNote: byId("canvas-note"),
  help: byId("figure-help"),
  summaryHeading: byId("summary-heading"),
  summaryGrid: byId("summary-grid"),
  summaryOverview: byId("summary-overview"),
  summaryPanels: byId("summary-panels"),
  mismatches: byId("mismatches"),
  copyMarkdown: /** @type {HTMLButtonElement} */ (byId("copy-markdown")),
  copyLatex: /** @type {HTMLButtonElement} */ (byId("copy-latex")),
  markdownFallbackLabel: byId("markdown-fallback-label"),
  markdownStatus: byId("markdown-status"),
  markdownFallback: byId("markdown-fallback"),
  markdownOutput: /** @type {HTMLTextAreaElement} */ (byId("markdown-output")),
  dropOverlay: byId("drop-overlay"),
  tableGroup: /** @type {HTMLFieldSetElement} */ (byId("group-table")),
  tableFields: byId("table-fields"),
  columnPanel: /** @type {HTMLDetailsElement} */ (byId("column-panel")),
  columnSummary: byId("column-summary"),
  columnList: byId("column-list"),
};

export const app = {
  /** Entries of data/index.json: { id, file, title, kind }, kind "sweep" or "pairwise". */
  catalog: [],
  /** colorMaps(): [{ name, label, diverging }]. */
  colorMaps: [],
  /**
   * What is shown: { source, kind, dataset, names, label }, and the view. For kind "sweep",
   * dataset is a SweepDataset and names { models, benchmarks, aggregates }; for "pairwise", a
   * SweepPairwise and names { models, groups }.
   */
  shown: null,
  state: null,
  /** A SweepFigure for a sweep, a SweepPairwiseFigure for per-item scores. */
  figure: null,
  /** Counts loads, so that a slow load finishing after a newer request is dropped. */
  generation: 0,
  /** Successful draws, for tests and for anyone waiting on the page. */
  renders: 0,
  /** Data texts already fetched, by source: "bundled:ID" or "url:URL". */
  texts: new Map(),
  /**
   * Local files opened in this page, by key: { source, text }, or { source, file } for a big CSV
   * file that loads in slices (its text is never held whole).
   */
  localFiles: new Map(),
  localCount: 0,
  /** The AbortController of the load under way (a fetch, a big file), so a newer one cancels it. */
  pendingLoad: null,
  /**
   * The level the uncertainty marks return at when switched on again; null before one is chosen:
   * the core's default level (levelToOffer in state.js).
   */
  lastLevel: null,
  /**
   * The address (href) last opened or written, so that the popstate and the hashchange of one
   * navigation open it once, and neither reopens what the page itself wrote.
   */
  address: null,
  /** In a standalone file (lib/standalone.js): its catalog of one figure, text and view link; else null. */
  standalone: null,
};

export { messageOf } from "./lib/source.js";

/** The message with a full stop at its end. */
export function sentence(message) {
  return /[.!?]$/.test(message) ? message : `${message}.`;
}

export function showError(message) {
  elements.errorBanner.textContent = message;
  elements.errorBanner.hidden = false;
}

export function clearError() {
  elements.errorBanner.textContent = "";
  elements.errorBanner.hidden = true;
}

/** A notice as an item of the banner's list (its text never read as HTML). */
function noticeItem(message) {
  const item = document.createElement("li");
  item.textContent = message;
  return item;
}

/**
 * Lists `messages` in the notice banner, after what a run table says about itself when given
 * (`explained`: a projection's inferred(), its headline first): the headline shown, the rest
 * folded under "Details", so that the banner stays a few lines tall on a phone.
 */
export function showNotices(messages, explained = []) {
  const items = messages.map(noticeItem);
  const [headline, ...details] = explained;
  if (headline !== undefined) {
    const item = document.createElement("li");
    item.className = "explained";
    item.append(headline);
    if (details.length > 0) {
      const fold = document.createElement("details");
      const summary = document.createElement("summary");
      summary.textContent = "Details";
      const list = document.createElement("ul");
      list.append(...details.map(noticeItem));
      fold.append(summary, list);
      item.append(fold);
    }
    items.unshift(item);
  }
  elements.noticeList.replaceChildren(...items);
  elements.noticeBanner.hidden = items.length === 0;
}

/** Adds a notice to those shown, after them (or before them, `first`), keeping what is there. */
export function addNotice(message, { first = false } = {}) {
  addNotices([message], { first });
}

/** Adds notices to those shown, after them (or before them, `first`), keeping what is there. */
export function addNotices(messages, { first = false } = {}) {
  const items = messages.map(noticeItem);
  if (first) elements.noticeList.prepend(...items);
  else elements.noticeList.append(...items);
  elements.noticeBanner.hidden = elements.noticeList.children.length === 0;
}

export function setShareStatus(message) {
  elements.shareStatus.textContent = message;
}

export function setMarkdownStatus(message) {
  elements.markdownStatus.textContent = message;
}
