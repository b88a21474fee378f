// The explorer's controls for a run table (a CSV opened with openSweep): the view's metric and
// its direction, x and y, one control per other parameter (fixed at a value, best, mean or
// facet) with its main effect under it, and what a binned axis's cells show; and the column
// panel, every column with its role, why, and what to check, each role changeable.
//
// Every choice and label comes from the core (tableChoices(), SweepTable.columns(),
// parameterValues(), mainEffects(), SweepProjection.view()); this module places them, remembers what the user
// chose, and hands the page a view (onView) or roles (onRoles) to project or reopen with. It
// computes nothing about the data. Text from the data goes in through textContent only.

import { displayLabel, tableChoices } from "./lib/sweepmap.js";

/** A parameter with more values than this, all ordered (numbers or bins), gets a slider. */
export const SLIDER_FROM = 7;

/** @type {import("./pkg/sweepmap.js").TableChoices | undefined} */
let choices;

/** The core's words for the controls and the panel ([value, label] lists, the hints), once. */
function words() {
  return (choices ??= tableChoices());
}

/** A narrow screen: the column panel starts closed there (the figure comes first). */
const NARROW = "(max-width: 44rem)";

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {{ className?: string, text?: string, id?: string }} [options]
 * @returns {HTMLElementTagNameMap[K]}
 */
function element(tag, { className, text, id } = {}) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (id) node.id = id;
  if (text !== undefined) node.textContent = text;
  return node;
}

function option(value, text) {
  const node = document.createElement("option");
  node.value = value;
  node.text = displayLabel(text);
  return node;
}

/** A select's options from a list of the core's [value, label] pairs. */
function options(pairs) {
  return pairs.map(([value, text]) => option(value, text));
}

/** A labelled field (the page's .field) holding `control`, with an optional hint under it. */
/** @param {string} id @param {string} labelText @param {HTMLElement} control @param {{ hint?: string, className?: string }} [options] */
function field(id, labelText, control, { hint, className } = {}) {
  const box = element("div", { className: className ? `field ${className}` : "field" });
  const label = element("label", { text: displayLabel(labelText) });
  label.htmlFor = id;
  control.id = id;
  box.append(label, control);
  if (hint !== undefined) box.append(element("p", { className: "hint", text: hint }));
  return box;
}

/** A parameter's choice in a view ({ fixed: value } or a word) as its kind: "fixed", "best", ... */
export function choiceKind(choice) {
  return typeof choice === "string" ? choice : "fixed";
}

/**
 * The view to try on a table reopened with other roles: what of `view` still names columns of
 * the same role in `columns` (the new table's), the rest left to the new table's defaults.
 */
export function carriedView(view, columns) {
  const labels = (role) => new Set(columns.filter((column) => column.role === role).map((column) => column.label));
  const metrics = labels("metric");
  const parameters = labels("parameter");
  const carried = {};
  if (metrics.has(view.metric)) {
    carried.metric = view.metric;
    carried.direction = view.direction;
  }
  if (parameters.has(view.x)) carried.x = view.x;
  if (parameters.has(view.y) && view.y !== view.x) carried.y = view.y;
  const others = {};
  for (const [name, choice] of Object.entries(view.others ?? {})) {
    if (parameters.has(name) && name !== carried.x && name !== carried.y) others[name] = choice;
  }
  carried.others = others;
  carried.bins = view.bins;
  return carried;
}

/**
 * The roles a run table was opened with by name (by a link, or changed in the column panel), as
 * { column: role }: the `roles` key of its link (SweepTable.link), split by the core's
 * splitNames into column, role pairs. A role changed in the panel keeps them.
 */
export function namedRoles(api, table, view) {
  const written = new URLSearchParams(table.link(view)).get("roles");
  const names = written ? api.splitNames(written) : [];
  const roles = {};
  for (let index = 0; index + 1 < names.length; index += 2) roles[names[index]] = names[index + 1];
  return roles;
}

export class RunTableControls {
  /**
   * elements: { group (the controls' fieldset), fields (its container), panel (the column
   * panel's <details>), summary (its <summary>), list (where its rows go) }.
   * callbacks: onView(change) with the fields of the view to change; onRoles(column, role)
   * when a column's role is changed in the panel.
   */
  constructor(elements, { onView, onRoles }) {
    this.elements = elements;
    this.onView = onView;
    this.onRoles = onRoles;
    /** The table the controls were built for, and the axes and metric they were built with. */
    this.table = null;
    this.shape = "";
    /** Per parameter label: its controls ({ mode, values, valueControl, output, valueBox }). */
    this.parameters = new Map();
    /** The value each parameter was last fixed at by the user, to return to from best or mean. */
    this.lastFixed = new Map();
    /** True once the user picked a direction for the current metric. */
    this.directionChosen = false;
    this.view = null;
  }

  /** Hides the controls and the panel (data that are not a run table). */
  hide() {
    this.elements.group.hidden = true;
    this.elements.panel.hidden = true;
    this.table = null;
    this.shape = "";
  }

  /**
   * Shows the controls for a run table at a view (a SweepView, every choice filled in, as
   * projection.view() gives it). Built again when the table, the axes or the metric change;
   * otherwise only their values are set, so a slider being dragged stays under the pointer.
   * `reopened`: the same file opened again with other roles, so what the user chose (the values
   * fixed before, a direction picked) still stands.
   */
  show(table, view, { reopened = false } = {}) {
    const newTable = table !== this.table;
    if (newTable && !reopened) {
      this.lastFixed.clear();
      this.directionChosen = false;
    }
    if (newTable) this.columns = table.columns();
    if (newTable || view.metric !== this.view?.metric) this.fillPanel(table, view.metric, { open: newTable });
    const shape = `${view.metric}\u0000${view.x}\u0000${view.y}`;
    if (newTable || shape !== this.shape) this.build(table, view);
    this.table = table;
    this.shape = shape;
    this.view = view;
    this.sync(view);
    this.elements.group.hidden = false;
    this.elements.panel.hidden = false;
  }

  /** Opens the column panel and moves focus to it. */
  openPanel() {
    this.elements.panel.open = true;
    this.elements.summary.focus();
    this.elements.panel.scrollIntoView({ block: "nearest" });
  }

  // -------------------------------------------------------------------------------------------
  // The view's controls

  build(table, view) {
    const parameters = this.columns.filter((column) => column.role === "parameter");
    const metrics = this.columns.filter((column) => column.role === "metric");
    const effects = new Map(table.mainEffects(view.metric).map((effect) => [effect.label, effect]));
    const shareHint = (label) => {
      const effect = effects.get(label);
      return effect ? effect.hint : "";
    };
    const nodes = [];

    const metric = document.createElement("select");
    metric.append(...metrics.map((column) => option(column.label, column.label)));
    metric.addEventListener("change", () => {
      // Another metric: its own direction, inferred from its name, until one is picked.
      this.directionChosen = false;
      this.onView({ metric: metric.value, direction: undefined });
    });
    nodes.push(field("table-metric", "Metric", metric));

    const direction = document.createElement("select");
    direction.append(...options(words().directions));
    direction.addEventListener("change", () => {
      this.directionChosen = true;
      this.onView({ direction: direction.value });
    });
    const directionField = field("table-direction", "Direction", direction, { hint: "" });
    nodes.push(directionField);

    const axis = (name, other) => {
      const select = document.createElement("select");
      select.append(...parameters.map((column) => option(column.label, column.label)));
      select.addEventListener("change", () => {
        const chosen = select.value;
        const change = { [name]: chosen };
        // The parameter on the other axis chosen here: the two swap.
        if (chosen === this.view[other]) change[other] = this.view[name];
        this.onView(change);
      });
      return field(`table-${name}`, name === "x" ? "X axis" : "Y axis", select, { hint: shareHint(view[name]) });
    };
    nodes.push(axis("x", "y"), axis("y", "x"));

    this.parameters.clear();
    const binned = new Set([...effects.values()].filter((effect) => effect.binned).map((effect) => effect.label));
    parameters.forEach((column, index) => {
      const name = column.label;
      if (name === view.x || name === view.y) return;
      const values = table.parameterValues(column.column) ?? [];
      const id = `table-parameter-${index}`;
      const mode = document.createElement("select");
      mode.append(...options(words().others));
      const box = field(id, name, mode, { hint: shareHint(name), className: "field-parameter" });
      let valueControl;
      let output = null;
      const ordered = column.numeric || binned.has(name);
      if (ordered && values.length >= SLIDER_FROM) {
        valueControl = document.createElement("input");
        valueControl.type = "range";
        valueControl.min = "0";
        valueControl.max = String(values.length - 1);
        valueControl.step = "1";
        output = element("output", { className: "slider-value" });
        output.htmlFor.add(`${id}-value`);
        // Scrubbing redraws live: the page draws at most once a frame.
        valueControl.addEventListener("input", () => {
          const value = values[Number(valueControl.value)];
          output.textContent = displayLabel(value);
          this.fix(name, value);
        });
      } else {
        valueControl = document.createElement("select");
        valueControl.append(...values.map((value) => option(value, value)));
        valueControl.addEventListener("change", () => this.fix(name, valueControl.value));
      }
      valueControl.id = `${id}-value`;
      valueControl.setAttribute("aria-label", `${displayLabel(name)}: value`);
      const valueBox = element("div", { className: "parameter-value" });
      valueBox.append(valueControl);
      if (output) valueBox.append(output);
      box.querySelector("label").after(mode, valueBox);
      mode.addEventListener("change", () => {
        if (mode.value === "fixed") {
          this.fix(name, this.lastFixed.get(name) ?? values[0]);
        } else {
          this.onView({ others: { ...this.view.others, [name]: mode.value } }, { facet: mode.value === "facet" });
        }
      });
      this.parameters.set(name, { mode, values, valueControl, output, valueBox });
      nodes.push(box);
    });

    const bins = document.createElement("select");
    bins.append(...options(words().bins));
    bins.addEventListener("change", () => this.onView({ bins: bins.value }));
    const binsField = field("table-bins", "Binned cells show", bins);
    binsField.hidden = !(binned.has(view.x) || binned.has(view.y));
    nodes.push(binsField);

    this.controls = { metric, direction, directionField, bins };
    this.elements.fields.replaceChildren(...nodes);
  }

  /** Fixes a parameter at a value (one of parameterValues). */
  fix(name, value) {
    this.lastFixed.set(name, value);
    this.onView({ others: { ...this.view.others, [name]: { fixed: value } } }, { live: true });
  }

  /** Sets every control from a view (after a draw, or to undo a change that failed). */
  sync(view = this.view) {
    if (!this.controls || !view) return;
    const { metric, direction, directionField, bins } = this.controls;
    metric.value = view.metric;
    // The view is the projection's, every choice filled in: its direction and bins are set.
    direction.value = view.direction;
    const { directionChosen, directionInferred } = words();
    directionField.querySelector(".hint").textContent = this.directionChosen ? directionChosen : directionInferred;
    bins.value = view.bins;
    /** @type {HTMLSelectElement} */ (document.getElementById("table-x")).value = view.x;
    /** @type {HTMLSelectElement} */ (document.getElementById("table-y")).value = view.y;
    for (const [name, controls] of this.parameters) {
      const choice = view.others?.[name];
      const kind = choice === undefined ? "best" : choiceKind(choice);
      controls.mode.value = kind;
      controls.valueBox.hidden = kind !== "fixed";
      if (kind !== "fixed") continue;
      const at = controls.values.indexOf(choice.fixed);
      if (controls.output) {
        if (at >= 0) controls.valueControl.value = String(at);
        controls.output.textContent = displayLabel(choice.fixed);
      } else if (at >= 0) {
        controls.valueControl.value = choice.fixed;
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // The column panel

  /** Fills the column panel; `open` opens or closes it as a new table starts it. */
  fillPanel(table, metric, { open }) {
    const effects = new Map(table.mainEffects(metric).map((effect) => [effect.parameter, effect]));
    this.elements.summary.textContent = table.columnsHeading();
    const rows = this.columns.map((column, index) => {
      const row = element("li", { className: column.check ? "column-row column-check" : "column-row" });
      const name = element("span", { className: "column-name", text: displayLabel(column.label) });
      if (column.label !== column.column) name.title = column.column;
      const select = document.createElement("select");
      select.id = `column-role-${index}`;
      select.setAttribute("aria-label", `Role of ${displayLabel(column.label)}`);
      select.append(...options(words().roles));
      select.value = column.role;
      select.addEventListener("change", () => {
        const role = select.value;
        // Shown as it was until the table is reopened with it (a refusal keeps the old role).
        select.value = column.role;
        this.onRoles(column.column, role);
      });
      const because = element("span", { className: "hint column-because", text: column.because });
      const effect = effects.get(column.column);
      if (column.role === "parameter" && effect) because.textContent += ` · ${effect.brief}`;
      row.append(name, select, because);
      if (column.check) row.append(element("p", { className: "column-check-text", text: `Check: ${column.check}` }));
      return row;
    });
    this.elements.list.replaceChildren(...rows);
    // Open on a wide screen; on a narrow one the figure comes first (the notices say when a
    // column is unsure, with a button that opens the panel).
    if (open) this.elements.panel.open = !window.matchMedia(NARROW).matches;
  }
}
